import { useState } from 'react';
import {
  ActionIcon,
  Badge,
  Button,
  Loader,
  Modal,
  PasswordInput,
  Select,
  Stack,
  Switch,
  TextInput,
} from '@mantine/core';
import { IconTrash, IconUserPlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { AddMemberBody, MEMBER_ROLES, type CabinetInfo, type MemberRole } from '@vitrine/core';
import { DataTable, type Column } from '../../lib/list/DataTable';
import { ListHeader } from '../../lib/list/ListKit';
import { useRemove } from '../../lib/useRemove';
import { useFormSubmit, useZodForm } from '../../lib/useZodForm';
import { useUserInfo } from '../auth';
import { SharedAccessSection } from './SharedAccessSection';
import {
  MEMBERS_KEY,
  addMember,
  removeMember,
  useApprovalSwitch,
  useCabinetInfo,
  useTwoFaRequiredSwitch,
} from './account.api';
import { useUnsavedDialog } from '../../lib/unsaved';

type Member = CabinetInfo['members'][number];

function AddMemberModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const empty = { login: '', name: '', email: undefined, password: '', role: 'contentManager' as MemberRole };
  const form = useZodForm(AddMemberBody, empty);
  const { busy, onSubmit } = useFormSubmit(form, addMember, {
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: MEMBERS_KEY });
      form.restart(empty);
      onClose();
    },
  });
  const close = useUnsavedDialog(form.isDirty, () => {
    form.restart(empty);
    onClose();
  });

  const text = (name: 'login' | 'name' | 'email') => (
    <TextInput label={t(`members.${name}`)} {...form.inputProps(name, { optional: name === 'email' })} />
  );

  return (
    <Modal opened={opened} onClose={close} title={t('members.add')} centered>
      <form onSubmit={onSubmit} noValidate>
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
  const approval = useApprovalSwitch();
  const twoFaRequired = useTwoFaRequiredSwitch();
  const [adding, setAdding] = useState(false);
  const columns: Column<Member>[] = [
    { key: 'login', header: t('members.login'), cell: (m) => m.login },
    { key: 'name', header: t('members.name'), cell: (m) => m.name },
    { key: 'email', header: t('members.email'), cell: (m) => m.email ?? '—' },
    {
      key: 'role',
      header: t('members.role'),
      cell: (m) => <Badge variant="light">{t(`roles.${m.role}`)}</Badge>,
    },
  ];

  return (
    <Stack>
      <ListHeader title={t('members.title')}>
        <Button leftSection={<IconUserPlus size={16} />} onClick={() => setAdding(true)}>
          {t('members.add')}
        </Button>
      </ListHeader>
      {data && (
        <Switch
          label={t('members.approval')}
          checked={data.cabinet.approvalRequired}
          onChange={(e) => approval.mutate(e.currentTarget.checked)}
        />
      )}
      {data && (
        <Switch
          label={t('members.twoFaRequired')}
          description={t('members.twoFaRequiredHelp')}
          checked={data.cabinet.twoFaRequired}
          onChange={(e) => twoFaRequired.mutate(e.currentTarget.checked)}
        />
      )}
      {!data ? (
        <Loader />
      ) : (
        <DataTable
          rows={data.members}
          rowKey={(m) => m.id}
          columns={columns}
          minWidth={560}
          rowAction={{
            header: t('members.actions'),
            cell: (member) =>
              member.id !== me?.user.id && (
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={t('members.remove', { login: member.login })}
                  onClick={() => void remove(() => removeMember(member.id))}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              ),
          }}
        />
      )}
      <SharedAccessSection />
      <AddMemberModal opened={adding} onClose={() => setAdding(false)} />
    </Stack>
  );
}
