import { Button, Paper, PasswordInput, Select, Stack, TextInput, Title } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ROLES, UserPostBody, type Role, type Tariff } from '@vitrine/core';
import { useUnsavedChanges } from '../../lib/unsaved';
import { useFormSubmit, useZodForm } from '../../lib/useZodForm';
import { useAdminTariffs } from '../admin';
import { useTariffName } from '../funds';
import { createUser, useCabinets } from './users.api';

/** The new user's form, an owner by default. */
const useUserCreateForm = () =>
  useZodForm(UserPostBody, {
    login: '',
    name: '',
    email: undefined,
    password: '',
    role: 'owner' as Role,
  });

/**
 * The role, then the cabinet (not for an admin; an owner without one gets a new cabinet), then the tariff
 * of an owner's new cabinet; choosing a cabinet or another role drops the tariff.
 */
function RoleFields({ form }: { form: ReturnType<typeof useUserCreateForm> }) {
  const { t } = useTranslation();
  const { data: cabinets } = useCabinets();
  const { data: tariffs } = useAdminTariffs();
  const tariffName = useTariffName();
  return (
    <>
      <Select
        label={t('users.role')}
        data={ROLES.map((r) => ({ value: r, label: t(`roles.${r}`) }))}
        value={form.values.role}
        allowDeselect={false}
        error={form.errors.role}
        onChange={(value) => {
          if (!value) return;
          form.set('role', value as Role);
          if (value !== 'owner') form.set('tariff', undefined);
        }}
      />
      {form.values.role !== 'admin' && (
        <Select
          label={t('users.cabinet')}
          description={form.values.role === 'owner' ? t('users.newCabinetHint') : undefined}
          clearable
          searchable
          data={(cabinets?.cabinets ?? []).map((c) => ({
            value: String(c.id),
            label: `${c.name} (#${c.id})`,
          }))}
          value={form.values.cabinetId !== undefined ? String(form.values.cabinetId) : null}
          error={form.errors.cabinetId}
          onChange={(value) => {
            form.set('cabinetId', value ? Number(value) : undefined);
            if (value) form.set('tariff', undefined);
          }}
        />
      )}
      {form.values.role === 'owner' && form.values.cabinetId === undefined && tariffs && (
        <Select
          label={t('users.tariff')}
          description={t('users.tariffHint', { tariff: tariffName(tariffs.defaultTariff) })}
          clearable
          placeholder={tariffName(tariffs.defaultTariff)}
          data={tariffs.plans.map((p) => ({ value: p.id, label: tariffName(p.id) }))}
          value={form.values.tariff ?? null}
          error={form.errors.tariff}
          onChange={(value) => form.set('tariff', (value ?? undefined) as Tariff | undefined)}
        />
      )}
    </>
  );
}

/** /user/create (admin): an owner without a cabinet gets a new one; other roles join the cabinet chosen. */
export function UserCreatePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const form = useUserCreateForm();
  useUnsavedChanges(form.isDirty);
  const { busy, onSubmit } = useFormSubmit(form, createUser, {
    onSuccess: (user) => navigate({ to: '/user/$id', params: { id: String(user.id) } }),
  });

  return (
    <Stack>
      <Title order={1} size="h2">
        {t('users.create')}
      </Title>
      <Paper withBorder p="lg" radius="md" maw={520}>
        <form onSubmit={onSubmit} noValidate>
          <Stack>
            <TextInput label={t('members.login')} {...form.inputProps('login')} />
            <TextInput label={t('members.name')} {...form.inputProps('name')} />
            <TextInput
              label={t('members.email')}
              type="email"
              {...form.inputProps('email', { optional: true })}
            />
            <PasswordInput
              label={t('members.password')}
              autoComplete="new-password"
              {...form.inputProps('password')}
            />
            <RoleFields form={form} />
            <Button type="submit" loading={busy} style={{ alignSelf: 'flex-start' }}>
              {t('users.create')}
            </Button>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
