import { ActionIcon, Badge, Button, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { MEMBER_ROLES, ShareAccessBody, type MemberRole, type SharedAccess } from '@vitrine/core';
import { DataTable, type Column } from '../../lib/list/DataTable';
import { useRemove } from '../../lib/useRemove';
import { useFormSubmit, useZodForm } from '../../lib/useZodForm';
import { SHARED_KEY, removeAccess, shareAccess, useSharedAccess } from './access.api';

/**
 * Shared access (spec §7 share-access): people who have an account elsewhere get a role here, and switch
 * to this cabinet from their account menu. Taking it back ends their access at their next request.
 */
export function SharedAccessSection({ page = false }: { page?: boolean }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const remove = useRemove(SHARED_KEY);
  const { data } = useSharedAccess();
  const empty = { login: '', role: 'contentManager' as MemberRole };
  const form = useZodForm(ShareAccessBody, empty);
  const { busy, onSubmit } = useFormSubmit(form, shareAccess, {
    onSuccess: async () => {
      form.setValues(empty);
      await client.invalidateQueries({ queryKey: SHARED_KEY });
    },
  });
  const columns: Column<SharedAccess>[] = [
    { key: 'login', header: t('members.login'), cell: (a) => a.login },
    { key: 'name', header: t('members.name'), cell: (a) => a.name },
    {
      key: 'role',
      header: t('members.role'),
      cell: (a) => <Badge variant="light">{t(`roles.${a.role}`)}</Badge>,
    },
  ];
  return (
    <Stack component="section" aria-labelledby="shared-title" mt={page ? 0 : 'lg'}>
      {/* On its own page (moderators') it is the page's heading. */}
      <Title order={page ? 1 : 2} size={page ? 'h2' : 'h4'} id="shared-title">
        {t('shared.title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('shared.help')}
      </Text>
      <form onSubmit={onSubmit} noValidate>
        <Group align="flex-end">
          <TextInput label={t('shared.login')} {...form.inputProps('login')} w={260} />
          <Select
            label={t('members.role')}
            data={MEMBER_ROLES.map((role) => ({ value: role, label: t(`roles.${role}`) }))}
            value={form.values.role}
            error={form.errors.role}
            allowDeselect={false}
            onChange={(value) => value && form.set('role', value as MemberRole)}
            w={220}
          />
          <Button type="submit" loading={busy}>
            {t('shared.share')}
          </Button>
        </Group>
      </form>
      {data && data.items.length === 0 ? (
        <Text size="sm">{t('shared.none')}</Text>
      ) : (
        <DataTable
          rows={data?.items ?? []}
          rowKey={(a) => a.id}
          columns={columns}
          minWidth={480}
          rowAction={{
            header: t('members.actions'),
            cell: (a) => (
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={t('shared.remove', { login: a.login })}
                onClick={() => void remove(() => removeAccess(a.id))}
              >
                <IconTrash size={16} />
              </ActionIcon>
            ),
          }}
        />
      )}
    </Stack>
  );
}
