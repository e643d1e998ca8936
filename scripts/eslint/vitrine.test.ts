import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, it } from 'vitest';
import vitrine from './vitrine.mjs';

// RuleTester reports through the test runner's describe/it.
RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const tester = new RuleTester({
  languageOptions: {
    parser: tseslint.parser,
    parserOptions: { ecmaFeatures: { jsx: true } },
  },
});

const FEATURE = 'apps/web/src/features/walls/walls.api.ts';
const COMPONENT = 'apps/web/src/features/walls/WallStatus.tsx';
const rule = (name: keyof typeof vitrine.rules) => vitrine.rules[name];

tester.run('query-key-from-contract', rule('query-key-from-contract'), {
  valid: [
    { filename: FEATURE, code: 'useQuery({ queryKey: keyOf(wallApi.list, { query }), queryFn: f });' },
    { filename: FEATURE, code: 'client.invalidateQueries({ queryKey: areaKey(pointApi.list) });' },
    { filename: FEATURE, code: 'client.setQueryData(keyOf(pointApi.get, { params: { id } }), point);' },
    {
      filename: FEATURE,
      code: "useQuery({ queryKey: keyOf(netApi.list, {}, silent ? 'silent' : undefined) });",
    },
    // A key kept under a name, passed in, imported, or made by a function of the file.
    { filename: FEATURE, code: 'const USER_KEY = keyOf(authApi.info); useQuery({ queryKey: USER_KEY });' },
    {
      filename: FEATURE,
      code: 'function useRemove(listKey) { return () => client.invalidateQueries({ queryKey: listKey }); }',
    },
    {
      filename: FEATURE,
      code: "import { GALLERY_KEY } from './files.api'; client.invalidateQueries({ queryKey: GALLERY_KEY });",
    },
    {
      filename: FEATURE,
      code: "import { userKey } from './users.api'; client.setQueryData(userKey(1), user);",
    },
    {
      filename: FEATURE,
      code: "function galleryKey(s) { switch (s) { case 'a': return keyOf(mediaApi.recent); default: return keyOf(mediaApi.folderFavorite); } } useQuery({ queryKey: galleryKey('a') });",
    },
    {
      filename: FEATURE,
      code: "useQuery({ queryKey: kind === 'w' ? keyOf(widgetApi.list) : keyOf(creationApi.list) });",
    },
  ],
  invalid: [
    {
      filename: FEATURE,
      code: "useQuery({ queryKey: ['walls', 'screens'], queryFn: f });",
      errors: [{ messageId: 'handMade' }],
    },
    {
      filename: FEATURE,
      code: "client.invalidateQueries({ queryKey: ['points'] });",
      errors: [{ messageId: 'handMade' }],
    },
    {
      filename: FEATURE,
      code: "client.setQueryData(['points', 'one', id], point);",
      errors: [{ messageId: 'handMade' }],
    },
    { filename: FEATURE, code: "client.getQueryData(['points']);", errors: [{ messageId: 'handMade' }] },
    {
      filename: FEATURE,
      code: "useQuery({ queryKey: [...keyOf(sspApi.report), 'chart'] });",
      errors: [{ messageId: 'handMade' }],
    },
    {
      filename: FEATURE,
      code: "export const USER_INFO_KEY = ['user', 'info'] as const;",
      errors: [{ messageId: 'handMade' }],
    },
    { filename: FEATURE, code: "const fileKey = (id) => ['file', id];", errors: [{ messageId: 'handMade' }] },
    {
      filename: FEATURE,
      code: "const make = (id) => ['file', id]; useQuery({ queryKey: make(1) });",
      errors: [{ messageId: 'handMade' }],
    },
  ],
});

tester.run('call-in-api-files', rule('call-in-api-files'), {
  valid: [
    { filename: FEATURE, code: "import { call, keyOf } from '../../api/contract';" },
    { filename: 'apps/web/src/api/download.ts', code: "import { call } from './contract';" },
    { filename: COMPONENT, code: "import { keyOf } from '../../api/contract';" },
    { filename: COMPONENT, code: "import { useWalls } from './walls.api';" },
  ],
  invalid: [
    {
      filename: COMPONENT,
      code: "import { call } from '../../api/contract';",
      errors: [{ messageId: 'outside' }],
    },
    {
      filename: 'apps/web/src/brand/brand.ts',
      code: "import { call } from '../api/contract';",
      errors: [{ messageId: 'outside' }],
    },
    {
      filename: COMPONENT,
      code: "import { api } from '../../api/client';",
      errors: [{ messageId: 'outside' }],
    },
  ],
});

tester.run('submit-through-form-kit', rule('submit-through-form-kit'), {
  valid: [
    {
      filename: COMPONENT,
      code: 'const { busy, onSubmit } = useFormSubmit(form, send); <form onSubmit={onSubmit} />;',
    },
    { filename: COMPONENT, code: '<form onSubmit={editor.submit} />;' },
  ],
  invalid: [
    {
      filename: COMPONENT,
      code: '<form onSubmit={(e) => void submit(e)} />;',
      errors: [{ messageId: 'inline' }],
    },
    {
      filename: COMPONENT,
      code: '<form onSubmit={token ? onSubmit : (event) => event.preventDefault()} />;',
      errors: [{ messageId: 'inline' }],
    },
    {
      filename: COMPONENT,
      code: "import type { FormEvent } from 'react'; const submit = async (event: FormEvent) => { event.preventDefault(); setBusy(true); };",
      errors: [{ messageId: 'formEvent' }],
    },
    {
      filename: COMPONENT,
      code: 'const submit = (event: React.FormEvent) => {};',
      errors: [{ messageId: 'formEvent' }],
    },
  ],
});

tester.run('feature-boundaries', rule('feature-boundaries'), {
  valid: [
    { filename: COMPONENT, code: "import { useWallStatus } from './walls.api';" },
    { filename: COMPONENT, code: "import { DaySchedule } from '../../components/schedule/DaySchedule';" },
    { filename: COMPONENT, code: "import { useUserInfo } from '../auth';" },
    { filename: COMPONENT, code: "import { useUserInfo } from '../auth/index';" },
    {
      filename: 'apps/web/src/features/points/screen/ContentTab.tsx',
      code: "import { usePlaylists } from '../../playlists';",
    },
    {
      filename: 'apps/web/src/features/points/screen/ContentTab.tsx',
      code: "import { usePoint } from '../points.api';",
    },
    // app/ composes the pages: the router lazy-loads them where they are.
    {
      filename: 'apps/web/src/app/router.tsx',
      code: "const page = () => import('../features/walls/WallEditPage');",
    },
  ],
  invalid: [
    {
      filename: COMPONENT,
      code: "import { StatusBadge } from '../points/StatusBadge';",
      errors: [{ messageId: 'internals' }],
    },
    {
      filename: COMPONENT,
      code: "export { useUserInfo } from '../auth/session';",
      errors: [{ messageId: 'internals' }],
    },
    {
      filename: 'apps/web/src/features/points/screen/ContentTab.tsx',
      code: "import { usePlaylists } from '../../playlists/playlists.api';",
      errors: [{ messageId: 'internals' }],
    },
    {
      filename: COMPONENT,
      code: "const Chart = lazy(() => import('../statistics/StatisticsCharts'));",
      errors: [{ messageId: 'internals' }],
    },
    {
      filename: 'apps/web/src/components/schedule/DaySchedule.tsx',
      code: "import { useDailySchedule } from '../../features/dashboard/dashboard.api';",
      errors: [{ messageId: 'internals' }],
    },
  ],
});

tester.run('typed-route-params', rule('typed-route-params'), {
  valid: [
    {
      filename: COMPONENT,
      code: "const route = getRouteApi('/app/wall/$id'); const { id } = route.useParams();",
    },
    { filename: COMPONENT, code: "const { id } = useParams({ from: '/app/user/$id' });" },
    // A page shared by routes: the registered router types the answer.
    { filename: COMPONENT, code: 'const params = useParams({ strict: false });' },
  ],
  invalid: [
    {
      filename: COMPONENT,
      code: 'const params = useParams({ strict: false }) as { id?: string };',
      errors: [{ messageId: 'cast' }],
    },
    {
      filename: COMPONENT,
      code: 'const { session } = useSearch({ strict: false }) as { session?: string };',
      errors: [{ messageId: 'cast' }],
    },
    {
      filename: COMPONENT,
      code: 'const s = useSearch({ strict: false }) as unknown as Record<string, unknown>;',
      errors: [{ messageId: 'cast' }],
    },
  ],
});
