import { memo, useLayoutEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { ActionIcon, Checkbox, Menu, Table } from '@mantine/core';
import { IconDots } from '@tabler/icons-react';
import type { Column, DataTableProps } from './DataTable';

const TR = `mantine-Table-tr ${Table.classes.tr}`;
const TD = `mantine-Table-td ${Table.classes.td}`;
const RIGHT = { textAlign: 'right' } as const;
const NOWRAP = { whiteSpace: 'nowrap' } as const;
const RIGHT_NOWRAP = { textAlign: 'right', whiteSpace: 'nowrap' } as const;
const cellStyle = (c: { align?: 'right'; nowrap?: boolean }) =>
  c.align ? (c.nowrap ? RIGHT_NOWRAP : RIGHT) : c.nowrap ? NOWRAP : undefined;

export interface RowEvents<T> {
  key: (event: KeyboardEvent<HTMLTableRowElement>, index: number, row: T) => void;
  focus: (index: number) => void;
  toggle: (id: number) => void;
}

interface RowProps<T> {
  row: T;
  id: number;
  index: number;
  selected: boolean;
  tabbable: boolean;
  columns: Column<T>[];
  rowLabel: ((row: T) => string) | undefined;
  rowMenu: DataTableProps<T>['rowMenu'];
  rowAction: DataTableProps<T>['rowAction'];
  measure: ((node: Element | null) => void) | undefined;
  events: RowEvents<T>;
}

/**
 * One body row. Memoised: scrolling re-renders the table, and only the rows that come into view are
 * rendered; the rows already there stay as they are unless their own data, place or selection changed.
 */
export const Row = memo(function Row<T>({
  row,
  id,
  index,
  selected,
  tabbable,
  columns,
  rowLabel,
  rowMenu,
  rowAction,
  measure,
  events,
}: RowProps<T>) {
  // Plain cells with Mantine's table classes: a Table.Td resolves theme props and style props for each of
  // a thousand-odd cells coming into view; the look is the same (the table's own variables still apply).
  return (
    <tr
      className={TR}
      data-with-row-border
      data-hover
      data-index={index}
      ref={measure}
      aria-rowindex={index + 2}
      data-odd={index % 2 === 0 || undefined}
      data-selected={selected || undefined}
      tabIndex={tabbable ? 0 : -1}
      onFocus={(e) => e.target === e.currentTarget && events.focus(index)}
      onKeyDown={(e) => events.key(e, index, row)}
    >
      {rowLabel && (
        <td className={TD}>
          <Checkbox aria-label={rowLabel(row)} checked={selected} onChange={() => events.toggle(id)} />
        </td>
      )}
      {columns.map((c) => (
        <td key={c.key} className={TD} style={cellStyle(c)}>
          {c.cell(row)}
        </td>
      ))}
      {rowMenu && (
        <td className={TD}>
          <RowMenu label={rowMenu.label(row)} items={() => rowMenu.items(row)} />
        </td>
      )}
      {!rowMenu && rowAction && <td className={TD}>{rowAction.cell(row)}</td>}
    </tr>
  );
}) as <T>(props: RowProps<T>) => ReactNode;

/**
 * A row's '…' button and its menu. Until it is first used the button stands alone (a menu's popover and
 * positioning for each of a thousand rows is what made a long page slow); the first click, Enter or
 * Space puts the menu in place closed, gives its button the focus and opens it, so the menu behaves as
 * any other: focus goes into it, Escape closes it and focus comes back to the button.
 */
function RowMenu({ label, items }: { label: string; items: () => ReactNode }) {
  const [armed, setArmed] = useState(false);
  const [opened, setOpened] = useState(false);
  const target = useRef<HTMLButtonElement>(null);
  useLayoutEffect(() => {
    if (!armed) return;
    target.current?.focus();
    setOpened(true);
  }, [armed]);
  const button = (
    <ActionIcon
      ref={target}
      variant="subtle"
      aria-label={label}
      {...(armed
        ? {}
        : { 'aria-haspopup': 'menu' as const, 'aria-expanded': false, onClick: () => setArmed(true) })}
    >
      <IconDots size={16} />
    </ActionIcon>
  );
  if (!armed) return button;
  return (
    <Menu position="bottom-end" withinPortal opened={opened} onChange={setOpened}>
      <Menu.Target>{button}</Menu.Target>
      <Menu.Dropdown>{items()}</Menu.Dropdown>
    </Menu>
  );
}
