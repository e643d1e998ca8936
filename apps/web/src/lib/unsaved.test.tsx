// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { MantineProvider } from '@mantine/core';
import {
  RouterProvider,
  createBrowserHistory,
  createRootRoute,
  createRoute,
  createRouter,
} from '@tanstack/react-router';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { z } from 'zod';
import { i18nOptions } from '../i18n/resources';
import { ConfirmProvider } from './confirm';
import { useSaveShortcut, useUnsavedChanges, useUnsavedDialog } from './unsaved';
import { useFormSubmit, useZodForm } from './useZodForm';
import { until } from '../testing';

/**
 * Spec §5: every editing form warns before its unsaved changes are lost: a navigation in the cabinet asks
 * (and stays on a no), closing the tab asks the browser's question, a saved form leaves unasked; Ctrl+S
 * saves from inside a field.
 */
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const sent: unknown[] = [];

/** An editing form as the cabinet's are made: useZodForm, useFormSubmit, the kit. */
function NameForm() {
  const form = useZodForm(z.object({ name: z.string().min(1) }), { name: 'Lobby' });
  useUnsavedChanges(form.isDirty);
  const { onSubmit } = useFormSubmit(form, async (body) => void sent.push(body));
  useSaveShortcut(onSubmit);
  return (
    <form onSubmit={onSubmit}>
      <label>
        Name
        <input {...form.inputProps('name')} />
      </label>
    </form>
  );
}

const closed: string[] = [];

/** A dialog's form: its close (Escape, the cross) is guarded. */
function DialogForm() {
  const form = useZodForm(z.object({ name: z.string() }), { name: '' });
  const close = useUnsavedDialog(form.isDirty, () => void closed.push('closed'));
  return (
    <div>
      <input aria-label="Name" {...form.inputProps('name')} />
      <button type="button" onClick={close}>
        Close
      </button>
    </div>
  );
}

let root: Root | null = null;
let router: ReturnType<typeof makeRouter>;

function makeRouter() {
  const top = createRootRoute();
  const routes = [
    createRoute({ getParentRoute: () => top, path: '/form', component: NameForm }),
    createRoute({ getParentRoute: () => top, path: '/other', component: () => <p>Elsewhere</p> }),
    createRoute({ getParentRoute: () => top, path: '/dialog', component: DialogForm }),
  ];
  return createRouter({
    routeTree: top.addChildren(routes),
    // The browser's own history: the tab's closing is heard there.
    history: createBrowserHistory(),
  });
}

const where = () => router.state.location.pathname;
const field = () => document.querySelector('input')!;

/** Types as a person does: React hears the input event. */
function type(value: string) {
  const input = field();
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, value);
  act(() => void input.dispatchEvent(new Event('input', { bubbles: true })));
}

/** The cabinet's dialog, when it asks: its text and its two buttons. */
const dialog = () => document.querySelector<HTMLElement>('[role="dialog"]');
const button = (name: string) =>
  [...dialog()!.querySelectorAll('button')].find((b) => b.textContent === name)!;

/** Starts a navigation (it may wait for the dialog's answer): the caller waits for what it expects. */
function go(to: '/other') {
  // The test's own router, not the app's (the registered one whose paths `navigate` is typed with).
  const navigate = router.navigate as unknown as (options: { to: string }) => Promise<void>;
  act(() => void navigate({ to }));
}

const ASKS = 'You have unsaved changes. Leave anyway?';
const asked = () => until(() => expect(dialog()?.textContent).toContain(ASKS));
const answered = () => until(() => expect(dialog()).toBeNull());
const arrived = (path: string) => until(() => expect(where()).toBe(path));

const leavingTab = () => {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
};

beforeAll(async () => {
  await i18n.use(initReactI18next).init(i18nOptions('en'));
  window.matchMedia ??= vi.fn(() => ({
    matches: false,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  })) as unknown as typeof window.matchMedia;
});
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
  sent.length = 0;
  closed.length = 0;
});

async function draw(at = '/form') {
  window.history.replaceState(null, '', at);
  router = makeRouter();
  const container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  act(() =>
    root!.render(
      <MantineProvider>
        <ConfirmProvider>
          <RouterProvider router={router} />
        </ConfirmProvider>
      </MantineProvider>,
    ),
  );
  if (at === '/form') await until(() => expect(field()?.value).toBe('Lobby'));
  else await until(() => expect(document.querySelector('button')).not.toBeNull());
}

describe('the unsaved-changes warning', () => {
  it('lets an untouched form go unasked, tab close included', async () => {
    await draw();
    expect(leavingTab()).toBe(false);
    go('/other');
    await arrived('/other');
    expect(dialog()).toBeNull();
  });

  it('asks before an edited form is left: no stays, yes goes', async () => {
    await draw();
    type('Lobby screens');
    expect(leavingTab()).toBe(true);
    go('/other');
    await asked();
    act(() => button('Cancel').click());
    await answered();
    expect(where()).toBe('/form');
    expect(field().value).toBe('Lobby screens');

    go('/other');
    await asked();
    act(() => button('Confirm').click());
    await arrived('/other');
  });

  it('counts a changed field that was changed back as unchanged', async () => {
    await draw();
    type('Lobby 2');
    type('Lobby');
    expect(leavingTab()).toBe(false);
  });

  it('saves with Ctrl+S from inside the field, and a saved form leaves unasked', async () => {
    await draw();
    type('Hall');
    const key = new KeyboardEvent('keydown', { key: 's', ctrlKey: true, bubbles: true, cancelable: true });
    act(() => void field().dispatchEvent(key));
    expect(key.defaultPrevented).toBe(true);
    await until(() => expect(sent).toEqual([{ name: 'Hall' }]));
    await until(() => expect(leavingTab()).toBe(false));
    go('/other');
    await arrived('/other');
    expect(dialog()).toBeNull();
  });

  it("asks before a dialog's edited form is closed", async () => {
    await draw('/dialog');
    const close = () => document.querySelector<HTMLButtonElement>('button')!;
    act(() => close().click());
    expect(closed).toEqual(['closed']);
    type('North');
    act(() => close().click());
    await asked();
    act(() => button('Cancel').click());
    await answered();
    expect(closed).toEqual(['closed']);
    act(() => close().click());
    await asked();
    act(() => button('Confirm').click());
    await until(() => expect(closed).toEqual(['closed', 'closed']));
  });
});
