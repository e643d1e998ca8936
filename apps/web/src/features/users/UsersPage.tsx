import { useState } from 'react';
import {
  Anchor,
  Badge,
  Button,
  Group,
  Pagination,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch, IconUserPlus } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZES, ROLES, type Role } from '@vitrine/core';
import { useUsers } from './users.api';

/** /user (admin): every cabinet's people, searchable, filterable by role, paged. */
export function UsersPage() {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const [role, setRole] = useState<Role | null>(null);
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState<number>(PAGE_SIZES[0]);
  const { data } = useUsers({
    page,
    limit,
    ...(debounced ? { search: debounced } : {}),
    ...(role ? { role } : {}),
  });
  const pages = data ? Math.max(1, Math.ceil(data.total / limit)) : 1;

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1} size="h2">
          {t('users.title')}
        </Title>
        <Button component={Link} to="/user/create" leftSection={<IconUserPlus size={16} />}>
          {t('users.create')}
        </Button>
      </Group>
      <Group>
        <TextInput
          label={t('common.search')}
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            setPage(1);
          }}
        />
        <Select
          label={t('users.role')}
          clearable
          placeholder={t('users.allRoles')}
          data={ROLES.map((r) => ({ value: r, label: t(`roles.${r}`) }))}
          value={role}
          onChange={(value) => {
            setRole(value as Role | null);
            setPage(1);
          }}
        />
      </Group>
      <Table.ScrollContainer minWidth={640}>
        <Table striped highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('members.login')}</Table.Th>
              <Table.Th>{t('members.name')}</Table.Th>
              <Table.Th>{t('members.email')}</Table.Th>
              <Table.Th>{t('users.role')}</Table.Th>
              <Table.Th>{t('users.cabinet')}</Table.Th>
              <Table.Th>{t('users.status')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data?.users.map((user) => (
              <Table.Tr key={user.id}>
                <Table.Td>
                  <Anchor component={Link} to={`/user/${user.id}`}>
                    {user.login}
                  </Anchor>
                </Table.Td>
                <Table.Td>{user.name}</Table.Td>
                <Table.Td>{user.email ?? '—'}</Table.Td>
                <Table.Td>{t(`roles.${user.role}`)}</Table.Td>
                <Table.Td>{user.cabinetId}</Table.Td>
                <Table.Td>
                  {user.blocked ? (
                    <Badge color="red">{t('users.blocked')}</Badge>
                  ) : user.verified ? (
                    <Badge color="green">{t('users.active')}</Badge>
                  ) : (
                    <Badge color="yellow">{t('users.unverified')}</Badge>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {data && data.total === 0 && <Text c="dimmed">{t('common.nothingFound')}</Text>}
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          {t('common.total', { count: data?.total ?? 0 })}
        </Text>
        <Group>
          <Select
            aria-label={t('common.pageSize')}
            w={100}
            data={PAGE_SIZES.map(String)}
            value={String(limit)}
            allowDeselect={false}
            onChange={(value) => {
              setLimit(Number(value));
              setPage(1);
            }}
          />
          <Pagination
            total={pages}
            value={page}
            onChange={setPage}
            getControlProps={(c) => ({ 'aria-label': c })}
          />
        </Group>
      </Group>
    </Stack>
  );
}
