// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { act } from 'react';
import { z } from 'zod';
import { useFormSubmit, useLazyZodForm } from './useZodForm';
import { mount, unmountAll, until } from '../testing';

/**
 * The sign-in form's schema comes in its own chunk (the first page carries no zod): loaded when the form is
 * first typed in, waited for when it is sent, and tried again after a load that failed.
 */
const Login = z.strictObject({ login: z.string().min(1, 'Required field') });

afterEach(unmountAll);

function render(load: () => Promise<typeof Login>, sent: unknown[], failures: unknown[]) {
  function LoginForm() {
    const form = useLazyZodForm(load, { login: '' });
    const { onSubmit } = useFormSubmit(form, async (body) => void sent.push(body), {
      onError: (error) => failures.push(error),
    });
    return (
      <form onSubmit={onSubmit}>
        <input aria-label="Login" {...form.inputProps('login')} />
        {form.errors.login !== undefined && <p role="alert">{form.errors.login}</p>}
        <button type="submit">Sign in</button>
      </form>
    );
  }
  const container = mount(<LoginForm />);
  return {
    type(value: string) {
      const input = container.querySelector('input')!;
      const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
      act(() => {
        setter.call(input, value);
        input.dispatchEvent(new Event('input', { bubbles: true }));
      });
    },
    submit: () => act(() => container.querySelector('button')!.click()),
    alert: () => container.querySelector('[role="alert"]')?.textContent,
  };
}

describe('a form whose schema is loaded on first use', () => {
  it('loads nothing until typed in, once, and checks with the schema when sent', async () => {
    let loads = 0;
    const sent: unknown[] = [];
    const form = render(async () => (loads++, Login), sent, []);
    expect(loads).toBe(0);
    form.submit();
    // The schema's refusal is on its field, and nothing was sent.
    await until(() => expect(form.alert()).toBeDefined());
    expect(sent).toEqual([]);
    form.type('ada');
    form.submit();
    await until(() => expect(sent).toEqual([{ login: 'ada' }]));
    expect(loads).toBe(1);
  });

  it('tells a load that failed as the submit’s failure, and loads again on the next try', async () => {
    let loads = 0;
    const sent: unknown[] = [];
    const failures: unknown[] = [];
    const form = render(
      async () => {
        if (loads++ === 0) throw new TypeError('Failed to fetch dynamically imported module');
        return Login;
      },
      sent,
      failures,
    );
    form.type('ada');
    form.submit();
    await until(() => expect(failures).toHaveLength(1));
    expect(sent).toEqual([]);
    form.submit();
    await until(() => expect(sent).toEqual([{ login: 'ada' }]));
    expect(loads).toBe(2);
  });
});
