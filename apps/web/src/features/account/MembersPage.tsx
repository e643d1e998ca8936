import { useState, type FormEvent } from 'react';
import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Loader,
  Modal,
  PasswordInput,
  Select,
  Stack,
  Switch,
  Table,
  TextInput,
  Title,
} from '@mantine/core';
import { IconTrash, IconUserPlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { AddMemberBody, MEMBER_ROLES, type Cabinet, type CabinetInfo, type MemberRole } from '@vitrine/core';
import { api } from '../../api/client';
import { useRemove } from '../../lib/useRemove';
import { useZodForm } from '../../lib/useZodForm';
import { useUserInfo } from '../auth/session';
import { MEMBERS_KEY, useCabinetInfo } from './account.api';

function AddMemberModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const empty = { login: '', name: '', email: undefined, password: '', role: 'contentManager' as MemberRole };
  const form = useZodForm(AddMemberBody, empty);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const body = form.validate();
    if (!body) return;
    setBusy(true);
    try {
      await api('/cabinet/add-member', { method: 'POST', body });
      await client.invalidateQueries({ queryKey: MEMBERS_KEY });
      form.setValues(empty);
      onClose();
    } catch (e) {
      form.showServerError(e);
    } finally {
      setBusy(false);
    }
  }

  const text = (name: 'login' | 'name' | 'email') => (
    <TextInput label={t(`members.${name}`)} {...form.inputProps(name, { optional: name === 'email' })} />
  );

  return (
    <Modal opened={opened} onClose={onClose} title={t('members.add')} centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          {text('login')}
          {text('name')}
          {text('email')}
          <PasswordInput
            label={t('members.password')}
            autoComplete="new-password"
            {...form.inputProps('password')}
          />
          <Select
            label={t('members.role')}
            data={MEMBER_ROLES.map((role) => ({ value: role, label: t(`roles.${role}`) }))}
            value={form.values.role}
            error={form.errors.role}
            allowDeselect={false}
            onChange={(value) => value && form.set('role', value as MemberRole)}
          />
          <Button type="submit" loading={busy}>
            {t('members.add')}
          </Button>
        </Stack>
      </form>
    </Modal>
  );
}

/** /account-members (owner): the cabinet's people, add and remove (spec §2, §6). */
export function MembersPage() {
  const { t } = useTranslation();
  const remove = useRemove(MEMBERS_KEY);
  const { data } = useCabinetInfo();
  const { data: me } = useUserInfo();
  const [adding, setAdding] = useState(false);
  const client = useQueryClient();

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1} size="h2">
          {t('members.title')}
        </Title>
        <Button leftSection={<IconUserPlus size={16} />} onClick={() => setAdding(true)}>
          {t('members.add')}
        </Button>
      </Group>
      {data && (
        <Switch
          label={t('members.approval')}
          checked={data.cabinet.approvalRequired}
          onChange={(e) => {
            const approvalRequired = e.currentTarget.checked;
            void api<Cabinet>('/cabinet/approval', { method: 'PATCH', body: { approvalRequired } }).then(
              (cabinet) => client.setQueryData<CabinetInfo>(MEMBERS_KEY, { ...data, cabinet }),
            );
          }}
        />
      )}
      {!data ? (
        <Loader />
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table striped highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('members.login')}</Table.Th>
                <Table.Th>{t('members.name')}</Table.Th>
                <Table.Th>{t('members.email')}</Table.Th>
                <Table.Th>{t('members.role')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.members.map((member) => (
                <Table.Tr key={member.id}>
                  <Table.Td>{member.login}</Table.Td>
                  <Table.Td>{member.name}</Table.Td>
                  <Table.Td>{member.email ?? '—'}</Table.Td>
                  <Table.Td>
                    <Badge variant="light">{t(`roles.${member.role}`)}</Badge>
                  </Table.Td>
                  <Table.Td>
                    {member.id !== me?.user.id && (
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={t('members.remove', { login: member.login })}
                        onClick={() => remove(`/cabinet/remove-member/${member.id}`)}
                      >
                        <IconTrash size={16} />
                      </ActionIcon>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <AddMemberModal opened={adding} onClose={() => setAdding(false)} />
    </Stack>
  );
}
