import {
  Button,
  Checkbox,
  Loader,
  Paper,
  PasswordInput,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ROLES, UserPatchBody, type Role, type User } from '@vitrine/core';
import { useUnsavedChanges } from '../../lib/unsaved';
import { useFormSubmit, useZodForm } from '../../lib/useZodForm';
import { patchUser, USERS_KEY, useUser, userKey } from './users.api';

function EditForm({ user }: { user: User }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const form = useZodForm(UserPatchBody, {
    name: user.name,
    email: user.email,
    role: user.role,
    blocked: user.blocked,
    password: undefined,
  });
  useUnsavedChanges(form.isDirty);
  const { busy, onSubmit } = useFormSubmit(form, (body) => patchUser(user.id, body), {
    onSuccess: async (updated) => {
      client.setQueryData(userKey(user.id), updated);
      await client.invalidateQueries({ queryKey: USERS_KEY });
      form.restart({ ...form.values, password: undefined });
    },
  });

  return (
    <Paper withBorder p="lg" radius="md" maw={520}>
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          <Text size="sm" c="dimmed">
            {t('users.cabinet')}: #{user.cabinetId}
          </Text>
          <TextInput label={t('members.name')} {...form.inputProps('name')} />
          <TextInput
            label={t('members.email')}
            type="email"
            value={form.values.email ?? ''}
            error={form.errors.email}
            onChange={(e) => form.set('email', e.currentTarget.value || null)}
          />
          <Select
            label={t('users.role')}
            data={ROLES.map((r) => ({ value: r, label: t(`roles.${r}`) }))}
            value={form.values.role ?? user.role}
            allowDeselect={false}
            error={form.errors.role}
            onChange={(value) => value && form.set('role', value as Role)}
          />
          <PasswordInput
            label={t('users.newPassword')}
            autoComplete="new-password"
            {...form.inputProps('password', { optional: true })}
          />
          <Checkbox label={t('users.blocked')} {...form.checkboxProps('blocked')} />
          {form.errors._ && <Text c="red">{form.errors._}</Text>}
          <Button type="submit" loading={busy} style={{ alignSelf: 'flex-start' }}>
            {t('common.save')}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}

/** /user/{id} (admin): change a user's name, e-mail, role, password or blocked flag. */
export function UserEditPage() {
  const { t } = useTranslation();
  const { id } = useParams({ from: '/app/user/$id' });
  const { data: user } = useUser(Number(id));
  return (
    <Stack>
      <Title order={1} size="h2">
        {user ? user.login : t('users.title')}
      </Title>
      {user ? <EditForm user={user} /> : <Loader />}
    </Stack>
  );
}
