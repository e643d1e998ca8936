import { useMemo, type ReactNode } from 'react';
import {
  Anchor,
  Badge,
  Group,
  Stack,
  Text,
  useMantineTheme,
  type MantineSize,
  type MantineTheme,
} from '@mantine/core';
import { useRouter } from '@tanstack/react-router';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

/**
 * Cells of a long table in plain elements with Mantine's look: the same markup, classes and variables as
 * Badge, Text, Anchor, Group and Stack render, without a component (theme, props and styles resolved) for
 * each of the cells that come into view while a page of 1,000 rows scrolls. A name is a plain link
 * (`data-nav`): the table's one click handler sends it through the router (DataTable).
 */
export interface CellKit {
  t: TFunction;
  /** A link into the app (`to` without the locale's base path), opened by the router. */
  link: (to: string, text: ReactNode) => ReactNode;
  /** A badge (`key` for one of a list of them). */
  badge: (
    text: ReactNode,
    look: BadgeLook,
    attributes?: Record<string, string>,
    key?: string | number,
  ) => ReactNode;
  text: (content: ReactNode, look?: { size?: 'xs' | 'sm'; dimmed?: boolean }) => ReactNode;
  /** Items in a row (Mantine's Group with gap 4 px). */
  group: (children: ReactNode) => ReactNode;
  /** Lines (Mantine's Stack with the gap given, 0 or 2 px). */
  stack: (children: ReactNode, gap?: 0 | 2) => ReactNode;
  /**
   * A translation with one value put in, looked up once: `(value) => string`. For a label of each row
   * (its name in it) without a lookup per row.
   */
  template: (key: string, param: string) => (value: string) => string;
  /** Translations under `prefix`, each looked up once: `(key) => t(prefix + key)`. */
  texts: (prefix: string) => (key: string) => string;
}

export interface BadgeLook {
  /** The theme's primary color when none is given. */
  color?: string;
  variant: 'light' | 'outline';
  size?: MantineSize;
  title?: string;
}

const BADGE = `${Badge.classes.root} mantine-Badge-root`;
const BADGE_LABEL = `${Badge.classes.label} mantine-Badge-label`;
const TEXT = `mantine-focus-auto ${Text.classes.root} mantine-Text-root`;
const ANCHOR = `mantine-focus-auto ${Anchor.classes.root} ${Text.classes.root} mantine-Text-root mantine-Anchor-root`;
const GROUP = `${Group.classes.root} mantine-Group-root vitrine-cell-group`;
const STACK = `${Stack.classes.root} mantine-Stack-root vitrine-cell-stack`;
const DIMMED = { color: 'var(--mantine-color-dimmed)' } as const;
const MARKER = '\u0001';

type Vars = Record<string, string>;

/** A badge's variables, as Mantine's Badge works them out (its vars resolver), once per look and theme. */
function badgeVars(theme: MantineTheme, cache: Map<string, Vars>, look: BadgeLook): Vars {
  const key = `${look.color ?? ''}|${look.variant}|${look.size ?? ''}`;
  let vars = cache.get(key);
  if (!vars) {
    const resolved = Badge.varsResolver(theme, { ...look, __staticSelector: 'Badge' } as never, {}) as {
      root: Record<string, string | undefined>;
    };
    vars = Object.fromEntries(Object.entries(resolved.root).filter(([, v]) => v !== undefined)) as Vars;
    cache.set(key, vars);
  }
  return vars;
}

/** A translation with one value put in, looked up once (with a marker where the value goes). */
export function translationTemplate(t: TFunction, key: string, param: string): (value: string) => string {
  const parts = t(key, { [param]: MARKER, interpolation: { escapeValue: false } }).split(MARKER);
  return (value) => parts.join(value);
}

function makeKit(t: TFunction, theme: MantineTheme, base: string): CellKit {
  const badges = new Map<string, Vars>();
  return {
    t,
    link: (to, text) => (
      <a className={ANCHOR} data-underline="hover" data-nav="" href={`${base}${to}`}>
        {text}
      </a>
    ),
    badge: (text, look, attributes, key) => (
      <div
        key={key}
        className={BADGE}
        data-variant={look.variant}
        data-size={look.size}
        title={look.title}
        style={badgeVars(theme, badges, look)}
        {...attributes}
      >
        <span className={BADGE_LABEL}>{text}</span>
      </div>
    ),
    text: (content, look = {}) => (
      <p className={TEXT} data-size={look.size} style={look.dimmed ? DIMMED : undefined}>
        {content}
      </p>
    ),
    group: (children) => <div className={GROUP}>{children}</div>,
    stack: (children, gap = 0) => (
      <div className={STACK} data-gap={gap}>
        {children}
      </div>
    ),
    template: (key, param) => translationTemplate(t, key, param),
    texts: (prefix) => {
      const found = new Map<string, string>();
      return (key) => {
        let text = found.get(key);
        if (text === undefined) {
          text = t(`${prefix}${key}`);
          found.set(key, text);
        }
        return text;
      };
    },
  };
}

/** The kit for a table's columns: the same object while the language, theme and base path stay. */
export function useCellKit(): CellKit {
  const { t } = useTranslation();
  const theme = useMantineTheme();
  const base = useRouter().basepath.replace(/\/$/, '');
  return useMemo(() => makeKit(t, theme, base), [t, theme, base]);
}
