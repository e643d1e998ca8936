import { useState, type FormEvent } from 'react';
import type { z } from 'zod';
import { ApiError } from '../api/client';
import { loadOnce } from './loadOnce';
import { refusalFields, translateMessage } from './messages';
import { useSavedState } from './unsaved';

type FormSchema = z.ZodType<Record<string, unknown>>;

/**
 * Form state checked with the same zod schema the server uses, so both refuse the same input with the
 * same (translated) words. Server field errors land on their fields too.
 */
export function useZodForm<S extends FormSchema>(schema: S, initial: z.input<S>) {
  const form = useFormState<S>(initial);
  /** Parsed values, or null with the errors shown. */
  const validate = (): z.output<S> | null => form.check(schema);
  return { ...form, validate };
}

/**
 * `useZodForm` with a schema loaded when the form is first typed in (and at the latest when it is sent):
 * the sign-in page's, so its first download carries no zod and no schema.
 */
export function useLazyZodForm<S extends FormSchema>(load: () => Promise<S>, initial: z.input<S>) {
  // Once for the form's life; a load that failed is tried again on the next use.
  const [schema] = useState(() => loadOnce(load));
  // Typing starts the load; a failure is told when the form is sent.
  const form = useFormState<S>(initial, () => void schema().catch(() => undefined));
  /** Parsed values, or null with the errors shown. */
  const validate = async (): Promise<z.output<S> | null> => form.check(await schema());
  return { ...form, validate };
}

/** The state of a form checked by a schema: values, errors, field props, the check itself. */
function useFormState<S extends FormSchema>(initial: z.input<S>, onEdit?: () => void) {
  const [values, setValues] = useState<z.input<S>>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  // What was last saved: `isDirty` for the unsaved-changes warning (useUnsavedChanges).
  const { isDirty, markSaved } = useSavedState(values);
  /** Starts the form over from values that count as saved (a record loaded after the form mounted). */
  const restart = (next: z.input<S>) => {
    setValues(next);
    markSaved(next);
  };

  const set = <K extends keyof z.input<S>>(field: K, value: z.input<S>[K]) => {
    onEdit?.();
    setValues((v) => ({ ...(v as object), [field]: value }) as z.input<S>);
    setErrors((e) => {
      if (!((field as string) in e)) return e;
      const next = { ...e };
      delete next[field as string];
      return next;
    });
  };

  /** The values parsed by `schema`, or null with the errors shown. */
  const check = (schema: S): z.output<S> | null => {
    const result = schema.safeParse(values);
    if (result.success) {
      setErrors({});
      return result.data;
    }
    const next: Record<string, string> = {};
    for (const issue of result.error.issues)
      next[issue.path.join('.') || '_'] ??= translateMessage(issue.message);
    setErrors(next);
    return null;
  };

  /** Shows a server refusal on its fields (with its hint); true when there were field errors. */
  const showServerError = (error: unknown): boolean => {
    const { body } = error instanceof ApiError ? error : { body: null };
    if (body?.fields) {
      setErrors(refusalFields({ ...body, fields: body.fields }));
      return true;
    }
    return false;
  };

  /**
   * Props for a text input bound to a field. `optional` fields hold undefined rather than an empty
   * string, so an untouched optional field (an e-mail, say) is simply absent from the body.
   */
  const inputProps = (field: keyof z.input<S> & string, options: { optional?: boolean } = {}) => ({
    value: String((values as Record<string, unknown>)[field] ?? ''),
    error: errors[field],
    onChange: (event: { currentTarget: { value: string } }) =>
      set(
        field,
        (event.currentTarget.value || (options.optional ? undefined : '')) as z.input<S>[typeof field],
      ),
  });

  const checkboxProps = (field: keyof z.input<S> & string) => ({
    checked: Boolean((values as Record<string, unknown>)[field]),
    error: errors[field],
    onChange: (event: { currentTarget: { checked: boolean } }) =>
      set(field, event.currentTarget.checked as z.input<S>[typeof field]),
  });

  return {
    values,
    errors,
    set,
    setValues,
    check,
    showServerError,
    setErrors,
    inputProps,
    checkboxProps,
    isDirty,
    markSaved,
    restart,
  };
}

/**
 * A form's submit: validates with the form's schema, sends the parsed body through `send` (a call of the
 * feature's *.api.ts), and owns the busy state. A refusal naming fields (400 VALIDATION_ERROR with
 * `fields`) lands on those fields; any other failure goes to `onError` (the client has already notified).
 */
export function useFormSubmit<T, R>(
  form: {
    validate: () => T | null | Promise<T | null>;
    /** Puts a refusal's field errors on the fields; true when it did (a form without useZodForm has none). */
    showServerError?: (error: unknown) => boolean;
    /** Called once the server took the form: what it shows now counts as saved. */
    markSaved?: () => void;
  },
  send: (body: T) => Promise<R>,
  options: {
    onSuccess?: (result: R, body: T) => unknown;
    onError?: (error: unknown) => void;
    /** Runs before the call (clearing an earlier refusal's alert, say). */
    onStart?: () => void;
  } = {},
) {
  const [busy, setBusy] = useState(false);
  const onSubmit = async (event?: FormEvent) => {
    event?.preventDefault();
    let body: T | null;
    try {
      body = await form.validate();
    } catch (error) {
      // A lazily loaded schema that did not come (offline, or a new release replaced its chunk).
      options.onError?.(error);
      return;
    }
    if (!body) return;
    options.onStart?.();
    setBusy(true);
    try {
      const result = await send(body);
      form.markSaved?.();
      await options.onSuccess?.(result, body);
    } catch (error) {
      if (!form.showServerError?.(error)) options.onError?.(error);
    } finally {
      setBusy(false);
    }
  };
  return { busy, onSubmit: (event?: FormEvent) => void onSubmit(event) };
}
