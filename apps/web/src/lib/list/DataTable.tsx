import { memo, useLayoutEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { ActionIcon, Checkbox, Menu, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconDots } from '@tabler/icons-react';
import type { Selection } from './useSelection';
import { useCabinetBlocked } from '../permissions';
import { SpacerRow } from './SpacerRow';
import { useVirtualRows } from './useVirtualRows';
import './DataTable.css';

export interface Column<T> {
  /** Stable key of the column. */
  key: string;
  header: ReactNode;
  cell: (row: T) => ReactNode;
  width?: number;
  /** Numbers line up on the right. */
  align?: 'right';
  /** The cell keeps to one line (a date and time). */
  nowrap?: boolean;
}

export interface DataTableProps<T> {
  rows: T[];
  rowKey: (row: T) => number;
  columns: Column<T>[];
  /** The table's accessible name. */
  label?: string;
  /** Narrower screens scroll the table sideways rather than squeeze it. */
  minWidth?: number;
  /** Checkboxes per row and for the whole page. */
  selection?: {
    state: Selection;
    allLabel: string;
    rowLabel: (row: T) => string;
  };
  /**
   * A row's menu behind a '…' button: `label` names the button, `items` are its Menu.Items, made only once
   * the menu is opened.
   */
  rowMenu?: {
    header: string;
    label: (row: T) => string;
    items: (row: T) => ReactNode;
  };
  /** The last column's own content (a single action), with its hidden header. */
  rowAction?: { header: string; cell: (row: T) => ReactNode };
  /** Said below the table when there are no rows and nothing is loading. */
  empty?: ReactNode;
  loading?: boolean;
}

/** A row's height before it is measured. */
const ESTIMATED_ROW = 49;
/**
 * Pages up to this many rows are rendered whole (the spec's pages of 10 and 25, a cabinet's members):
 * small enough to stay light, and every row stays findable in the page. Longer ones are virtualised.
 */
const WHOLE_UP_TO = 50;

/**
 * The list kit's table: on a long page only the rows in (and near) the window are in the document, so a
 * page of 1000 stays light; the window scrolls as ever. Screen readers learn the full size from aria-rowcount and each
 * row's place from aria-rowindex. A row takes focus: arrow keys, Home and End move between rows (scrolling
 * the one reached into view), Space toggles its checkbox.
 */
export function DataTable<T>({
  rows,
  rowKey,
  columns,
  label,
  minWidth = 640,
  selection,
  rowMenu,
  rowAction,
  empty,
  loading = false,
}: DataTableProps<T>) {
  const body = useRef<HTMLTableSectionElement>(null);
  // A blocked cabinet's lists are empty because they are refused: the banner says why, not 'Nothing found'.
  const blocked = useCabinetBlocked();
  const [active, setActive] = useState(0);
  const focusAfterRender = useRef<number | null>(null);
  const { items, before, after, measure, scrollTo } = useVirtualRows({
    count: rows.length,
    estimate: ESTIMATED_ROW,
    keyOf: (index) => rowKey(rows[index]!),
    anchor: body,
    wholeUpTo: WHOLE_UP_TO,
  });
  const current = Math.min(active, Math.max(0, rows.length - 1));
  const span = columns.length + (selection ? 1 : 0) + (rowMenu || rowAction ? 1 : 0);

  useLayoutEffect(() => {
    const index = focusAfterRender.current;
    if (index === null) return;
    const row = body.current?.querySelector<HTMLElement>(`tr[data-index="${index}"]`);
    if (row) {
      focusAfterRender.current = null;
      row.focus();
    }
  });

  const move = (index: number) => {
    const next = Math.max(0, Math.min(rows.length - 1, index));
    setActive(next);
    focusAfterRender.current = next;
    scrollTo(next);
  };
  const onKey = (event: KeyboardEvent<HTMLTableRowElement>, index: number, row: T) => {
    if (event.target !== event.currentTarget) return;
    const keys: Record<string, number> = {
      ArrowDown: index + 1,
      ArrowUp: index - 1,
      Home: 0,
      End: rows.length - 1,
      PageDown: index + 10,
      PageUp: index - 10,
    };
    if (event.key in keys) {
      event.preventDefault();
      move(keys[event.key]!);
    } else if (event.key === ' ' && selection) {
      event.preventDefault();
      selection.state.toggle(rowKey(row));
    }
  };

  // What a row does on a key, a focus or its checkbox, through one object that stays the same from render
  // to render, so a row re-renders only when its own data, place or state changes (not on every scroll).
  const toggle = selection?.state.toggle;
  const latest = useRef({ onKey, toggle });
  useLayoutEffect(() => {
    latest.current = { onKey, toggle };
  });
  const [events] = useState<RowEvents<T>>(() => ({
    key: (event, index, row) => latest.current.onKey(event, index, row),
    focus: (index) => setActive(index),
    toggle: (id) => latest.current.toggle?.(id),
  }));

  return (
    <>
      <Table.ScrollContainer minWidth={minWidth}>
        <Table
          highlightOnHover
          className="vitrine-datatable"
          aria-label={label}
          aria-rowcount={rows.length + 1}
        >
          <Table.Thead>
            <Table.Tr aria-rowindex={1}>
              {selection && (
                <Table.Th w={40}>
                  <Checkbox
                    aria-label={selection.allLabel}
                    checked={rows.length > 0 && rows.every((r) => selection.state.selected.has(rowKey(r)))}
                    onChange={(e) => selection.state.setAll(rows.map(rowKey), e.currentTarget.checked)}
                  />
                </Table.Th>
              )}
              {columns.map((c) => (
                <Table.Th key={c.key} w={c.width} ta={c.align}>
                  {c.header}
                </Table.Th>
              ))}
              {(rowMenu || rowAction) && (
                <Table.Th w={50}>
                  <VisuallyHidden>{rowMenu?.header ?? rowAction?.header}</VisuallyHidden>
                </Table.Th>
              )}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody ref={body}>
            <SpacerRow key="before" height={before} span={span} />
            {items.map((item) => {
              const row = rows[item.index]!;
              const id = rowKey(row);
              return (
                <Row<T>
                  key={item.key}
                  row={row}
                  id={id}
                  index={item.index}
                  selected={selection?.state.selected.has(id) ?? false}
                  tabbable={item.index === current}
                  columns={columns}
                  rowLabel={selection?.rowLabel}
                  rowMenu={rowMenu}
                  rowAction={rowAction}
                  measure={measure}
                  events={events}
                />
              );
            })}
            <SpacerRow key="after" height={after} span={span} />
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {!loading && !blocked && rows.length === 0 && empty !== undefined && (
        <Text c="dimmed" ta="center">
          {empty}
        </Text>
      )}
    </>
  );
}

const TR = `mantine-Table-tr ${Table.classes.tr}`;
const TD = `mantine-Table-td ${Table.classes.td}`;
const RIGHT = { textAlign: 'right' } as const;
const NOWRAP = { whiteSpace: 'nowrap' } as const;
const RIGHT_NOWRAP = { textAlign: 'right', whiteSpace: 'nowrap' } as const;
const cellStyle = (c: { align?: 'right'; nowrap?: boolean }) =>
  c.align ? (c.nowrap ? RIGHT_NOWRAP : RIGHT) : c.nowrap ? NOWRAP : undefined;

interface RowEvents<T> {
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
const Row = memo(function Row<T>({
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
