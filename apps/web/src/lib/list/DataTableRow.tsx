import { memo, type KeyboardEvent, type ReactNode } from 'react';
import { ActionIcon, Checkbox, Table, UnstyledButton } from '@mantine/core';
import type { Column, DataTableProps } from './DataTable';

const TR = `mantine-Table-tr ${Table.classes.tr}`;
const TD = `mantine-Table-td ${Table.classes.td}`;
const RIGHT = { textAlign: 'right' } as const;
const NOWRAP = { whiteSpace: 'nowrap' } as const;
const RIGHT_NOWRAP = { textAlign: 'right', whiteSpace: 'nowrap' } as const;
const cellStyle = (c: { align?: 'right'; nowrap?: boolean }) =>
  c.align ? (c.nowrap ? RIGHT_NOWRAP : RIGHT) : c.nowrap ? NOWRAP : undefined;

// Mantine's Checkbox and subtle ActionIcon as they render (classes, variables in DataTable.css), in plain
// elements: a thousand-odd of them come into view while a long page scrolls. `m_bf2d988c` is Mantine's
// inline input root (a Checkbox's own root class is next to it), which Mantine exports no name for.
const CHECK_ROOT = `m_bf2d988c mantine-Checkbox-root ${Checkbox.classes.root} mantine-Checkbox-root vitrine-row-check`;
const CHECK_BODY = `${Checkbox.classes.body} mantine-Checkbox-body`;
const CHECK_INNER = `${Checkbox.classes.inner} mantine-Checkbox-inner`;
const CHECK_INPUT = `mantine-focus-auto ${Checkbox.classes.input} mantine-Checkbox-input`;
const CHECK_ICON = `${Checkbox.classes.icon} mantine-Checkbox-icon`;
const CHECK_LABEL = `${Checkbox.classes.labelWrapper} mantine-Checkbox-labelWrapper`;
const MENU_BUTTON =
  `mantine-focus-auto mantine-active ${ActionIcon.classes.root} mantine-ActionIcon-root ` +
  `${UnstyledButton.classes.root} mantine-UnstyledButton-root vitrine-row-menu`;
const MENU_ICON = `${ActionIcon.classes.icon} mantine-ActionIcon-icon`;

const CHECK_MARK = (
  <svg viewBox="0 0 10 7" fill="none" aria-hidden="true" className={CHECK_ICON}>
    <path
      d="M4 4.586L1.707 2.293A1 1 0 1 0 .293 3.707l3 3a.997.997 0 0 0 1.414 0l5-5A1 1 0 1 0 8.293.293L4 4.586z"
      fill="currentColor"
      fillRule="evenodd"
      clipRule="evenodd"
    />
  </svg>
);
// Tabler's 'dots' icon, 16 px.
const DOTS = (
  <span className={MENU_ICON}>
    <svg
      width="16"
      height="16"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      className="tabler-icon tabler-icon-dots"
      aria-hidden="true"
    >
      <path d="M4 12a1 1 0 1 0 2 0a1 1 0 1 0 -2 0M11 12a1 1 0 1 0 2 0a1 1 0 1 0 -2 0M18 12a1 1 0 1 0 2 0a1 1 0 1 0 -2 0" />
    </svg>
  </span>
);

export interface RowEvents<T> {
  key: (event: KeyboardEvent<HTMLTableRowElement>, index: number, row: T) => void;
  focus: (index: number) => void;
  toggle: (id: number) => void;
  /** A row's '…' button was pressed: the table's one menu opens at it (or closes, when open there). */
  menu: (button: HTMLButtonElement, index: number) => void;
}

/** What every row of a table shares, the same object while the table's columns and labels stay. */
export interface RowKit<T> {
  columns: Column<T>[];
  rowLabel: ((row: T) => string) | undefined;
  rowMenu: DataTableProps<T>['rowMenu'];
  rowAction: DataTableProps<T>['rowAction'];
  events: RowEvents<T>;
}

interface RowProps<T> {
  row: T;
  id: number;
  index: number;
  selected: boolean;
  tabbable: boolean;
  /** The table's menu is open at this row's button. */
  menuOpen: boolean;
  kit: RowKit<T>;
}

/**
 * One body row, in plain elements. Memoised: scrolling re-renders the table, and only the rows that come
 * into view are rendered; the rows already there stay as they are unless their own data, place, selection
 * or menu changed. A row measures nothing (the table's rows are of one height).
 */
export const Row = memo(function Row<T>({ row, id, index, selected, tabbable, menuOpen, kit }: RowProps<T>) {
  const { columns, rowLabel, rowMenu, rowAction, events } = kit;
  return (
    <tr
      className={TR}
      data-with-row-border
      data-hover
      data-index={index}
      aria-rowindex={index + 2}
      data-odd={index % 2 === 0 || undefined}
      data-selected={selected || undefined}
      tabIndex={tabbable ? 0 : -1}
      onFocus={(e) => e.target === e.currentTarget && events.focus(index)}
      onKeyDown={(e) => events.key(e, index, row)}
    >
      {rowLabel && (
        <td className={TD}>
          <div className={CHECK_ROOT} data-variant="filled" data-label-position="right">
            <div className={CHECK_BODY}>
              <div className={CHECK_INNER} data-label-position="right">
                <input
                  className={CHECK_INPUT}
                  type="checkbox"
                  aria-label={rowLabel(row)}
                  checked={selected}
                  onChange={() => events.toggle(id)}
                />
                {CHECK_MARK}
              </div>
              <div className={CHECK_LABEL} />
            </div>
          </div>
        </td>
      )}
      {columns.map((c) => (
        <td key={c.key} className={TD} style={cellStyle(c)}>
          {c.cell(row)}
        </td>
      ))}
      {rowMenu && (
        <td className={TD}>
          <button
            type="button"
            className={MENU_BUTTON}
            data-variant="subtle"
            aria-label={rowMenu.label(row)}
            aria-haspopup="menu"
            aria-expanded={menuOpen}
            data-expanded={menuOpen || undefined}
            onClick={(e) => events.menu(e.currentTarget, index)}
          >
            {DOTS}
          </button>
        </td>
      )}
      {!rowMenu && rowAction && <td className={TD}>{rowAction.cell(row)}</td>}
    </tr>
  );
}) as <T>(props: RowProps<T>) => ReactNode;
