import { useState } from 'react';
import {
  ActionIcon,
  Alert,
  Button,
  Checkbox,
  Code,
  CopyButton,
  Group,
  Loader,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PatchAccountBody, PostTokenBody, type Account } from '@vitrine/core';
import { useUnsavedChanges } from '../../lib/unsaved';
import { useFormSubmit, useZodForm } from '../../lib/useZodForm';
import { useRemove } from '../../lib/useRemove';
import { USER_INFO_KEY } from '../auth';
import { ACCOUNT_KEY, createToken, patchAccount, removeToken, useAccount } from './account.api';
import { PasswordForm } from './PasswordForm';

function PersonalData({ account }: { account: Account }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const form = useZodForm(PatchAccountBody, {
    name: account.name,
    email: account.email ?? undefined,
    isClarityEnabled: account.isClarityEnabled,
  });
  useUnsavedChanges(form.isDirty);
  const [pendingEmail, setPendingEmail] = useState<string | null>(null);
  // An unchanged address is not sent: sending it would mail a confirmation again.
  const send = ({ email, ...rest }: PatchAccountBody) =>
    patchAccount(email === account.email ? rest : { ...rest, email });
  const { busy, onSubmit } = useFormSubmit(form, send, {
    onSuccess: async (updated, body) => {
      client.setQueryData(ACCOUNT_KEY, updated);
      await client.invalidateQueries({ queryKey: USER_INFO_KEY });
      const asked = body.email === account.email ? undefined : body.email;
      setPendingEmail(asked && asked !== updated.email ? asked : null);
    },
  });

  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="personal-title">
      <form onSubmit={onSubmit} noValidate>
        <Stack maw={420}>
          <Title order={2} size="h4" id="personal-title">
            {t('account.personalTitle')}
          </Title>
          <TextInput label={t('account.login')} value={account.login} readOnly variant="filled" />
          <TextInput label={t('account.name')} {...form.inputProps('name')} />
          <TextInput
            label={t('account.email')}
            type="email"
            {...form.inputProps('email', { optional: true })}
          />
          {pendingEmail && (
            <Alert color="blue" role="status">
              {t('account.emailPending', { email: pendingEmail })}
            </Alert>
          )}
          <Checkbox label={t('account.clarity')} {...form.checkboxProps('isClarityEnabled')} />
          <Button type="submit" loading={busy} style={{ alignSelf: 'flex-start' }}>
            {t('common.save')}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}

/** A token just made, shown once with a way to copy it. */
function NewToken({ token }: { token: string }) {
  const { t } = useTranslation();
  return (
    <Alert color="green" role="status" title={t('account.tokenCreated')}>
      <Group gap="xs" wrap="nowrap">
        <Code style={{ wordBreak: 'break-all' }} data-testid="new-token">
          {token}
        </Code>
        <CopyButton value={token}>
          {({ copied, copy }) => (
            <Button size="compact-xs" variant="light" onClick={copy}>
              {copied ? t('common.copied') : t('common.copy')}
            </Button>
          )}
        </CopyButton>
      </Group>
    </Alert>
  );
}

/** The personal tokens: name, ending, when made and last used, and a way to remove each. */
function TokenTable({ tokens, onRemove }: { tokens: Account['tokens']; onRemove: (id: number) => void }) {
  const { t, i18n } = useTranslation();
  const date = (iso: string | null) =>
    iso ? new Date(iso).toLocaleString(i18n.language) : t('account.tokenNeverUsed');
  return (
    <Table.ScrollContainer minWidth={480}>
      <Table striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('account.tokenName')}</Table.Th>
            <Table.Th>{t('account.tokenEnding')}</Table.Th>
            <Table.Th>{t('account.tokenCreatedAt')}</Table.Th>
            <Table.Th>{t('account.tokenLastUsed')}</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {tokens.map((token) => (
            <Table.Tr key={token.id}>
              <Table.Td>{token.name}</Table.Td>
              <Table.Td>…{token.hint}</Table.Td>
              <Table.Td>{date(token.createdAt)}</Table.Td>
              <Table.Td>{date(token.lastUsedAt)}</Table.Td>
              <Table.Td>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={t('account.removeToken', { name: token.name })}
                  onClick={() => onRemove(token.id)}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function Tokens({ account }: { account: Account }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const remove = useRemove(ACCOUNT_KEY);
  const form = useZodForm(PostTokenBody, { name: '' });
  const [created, setCreated] = useState<string | null>(null);
  const { busy, onSubmit } = useFormSubmit(form, createToken, {
    onSuccess: async (token) => {
      setCreated(token.token);
      form.restart({ name: '' });
      await client.invalidateQueries({ queryKey: ACCOUNT_KEY });
    },
  });

  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="tokens-title">
      <Stack>
        <Title order={2} size="h4" id="tokens-title">
          {t('account.tokensTitle')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('account.tokensHelp')}
        </Text>
        {created && <NewToken token={created} />}
        <form onSubmit={onSubmit} noValidate>
          <Group align="flex-end">
            <TextInput label={t('account.tokenName')} {...form.inputProps('name')} />
            <Button type="submit" loading={busy}>
              {t('account.createToken')}
            </Button>
          </Group>
        </form>
        {account.tokens.length === 0 ? (
          <Text size="sm">{t('account.noTokens')}</Text>
        ) : (
          <TokenTable tokens={account.tokens} onRemove={(id) => remove(() => removeToken(id))} />
        )}
      </Stack>
    </Paper>
  );
}

/** /account: personal data, password change and personal tokens (spec §2). */
export function AccountPage() {
  const { t } = useTranslation();
  const { data: account } = useAccount();
  return (
    <Stack>
      <Title order={1} size="h2">
        {t('account.title')}
      </Title>
      {!account ? (
        <Loader />
      ) : (
        <>
          <PersonalData account={account} />
          <PasswordForm />
          <Tokens account={account} />
        </>
      )}
    </Stack>
  );
}
