import { Anchor, Badge, Button, Group, Select, Stack } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZES, ROLES, type Role, type User, UserListQuery } from '@vitrine/core';
import { DataTable, type Column } from '../../lib/list/DataTable';
import { ListFooter } from '../../lib/list/ListFooter';
import { ListHeader, SearchFilter } from '../../lib/list/ListKit';
import { useListSearch } from '../../lib/list/search';
import { useUsers } from './users.api';

const DEFAULT_LIMIT = PAGE_SIZES[0];

/** /user (admin): every cabinet's people, searchable, filterable by role, paged; the filters in the address. */
export function UsersPage() {
  const { t } = useTranslation();
  const { search, update } = useListSearch(UserListQuery);
  const page = search.page ?? 1;
  const limit = search.limit ?? DEFAULT_LIMIT;
  const { data, isLoading } = useUsers({ ...search, page, limit });
  const columns: Column<User>[] = [
    {
      key: 'login',
      header: t('members.login'),
      cell: (user) => (
        <Anchor component={Link} to={`/user/${user.id}`}>
          {user.login}
        </Anchor>
      ),
    },
    { key: 'name', header: t('members.name'), cell: (user) => user.name },
    { key: 'email', header: t('members.email'), cell: (user) => user.email ?? '—' },
    { key: 'role', header: t('users.role'), cell: (user) => t(`roles.${user.role}`) },
    { key: 'cabinet', header: t('users.cabinet'), cell: (user) => user.cabinetId },
    {
      key: 'status',
      header: t('users.status'),
      cell: (user) =>
        user.blocked ? (
          <Badge color="red">{t('users.blocked')}</Badge>
        ) : user.verified ? (
          <Badge color="green">{t('users.active')}</Badge>
        ) : (
          <Badge color="yellow">{t('users.unverified')}</Badge>
        ),
    },
  ];

  return (
    <Stack>
      <ListHeader title={t('users.title')}>
        <Button component={Link} to="/user/create" leftSection={<IconUserPlus size={16} />}>
          {t('users.create')}
        </Button>
      </ListHeader>
      <Group>
        <SearchFilter value={search.search ?? ''} onChange={(value) => update({ search: value })} />
        <Select
          label={t('users.role')}
          clearable
          placeholder={t('users.allRoles')}
          data={ROLES.map((r) => ({ value: r, label: t(`roles.${r}`) }))}
          value={search.role ?? null}
          onChange={(value) => update({ role: (value ?? undefined) as Role | undefined })}
        />
      </Group>
      <DataTable
        rows={data?.users ?? []}
        rowKey={(user) => user.id}
        columns={columns}
        loading={isLoading}
        empty={data?.total === 0 ? t('common.nothingFound') : undefined}
      />
      <ListFooter
        total={data?.total ?? 0}
        page={page}
        limit={limit}
        defaultLimit={DEFAULT_LIMIT}
        onPage={(p) => update({ page: p })}
        onLimit={(l) => update({ limit: l })}
      />
    </Stack>
  );
}
