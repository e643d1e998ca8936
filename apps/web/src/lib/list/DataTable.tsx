import { useLayoutEffect, useRef, useState, type Key, type KeyboardEvent, type ReactNode } from 'react';
import { ActionIcon, Checkbox, Menu, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconDots } from '@tabler/icons-react';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import type { Selection } from './useSelection';
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
  /** A row's menu behind a '…' button: `label` names the button, `items` are Menu.Items (or null: none). */
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
/** Rows rendered beyond the window on each side. */
const OVERSCAN = 2;
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
  const [offset, setOffset] = useState(0);
  const [active, setActive] = useState(0);
  const focusAfterRender = useRef<number | null>(null);
  // The body's place on the page, what the window's scroll is measured from: checked after every render,
  // since filters and notices above the table move it; set only when it moved, so this settles at once.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useLayoutEffect(() => {
    const top = (body.current?.getBoundingClientRect().top ?? 0) + window.scrollY;
    if (Math.abs(top - offset) > 1) setOffset(top);
  });
  const virtual = rows.length > WHOLE_UP_TO;
  const virtualizer = useWindowVirtualizer({
    count: virtual ? rows.length : 0,
    estimateSize: () => ESTIMATED_ROW,
    overscan: OVERSCAN,
    scrollMargin: offset,
    getItemKey: (index) => rowKey(rows[index]!),
  });
  const items: { index: number; key: Key; start: number; end: number }[] = virtual
    ? virtualizer.getVirtualItems()
    : rows.map((row, index) => ({ index, key: rowKey(row), start: 0, end: 0 }));
  const before = virtual && items.length > 0 ? items[0]!.start - offset : 0;
  const after =
    virtual && items.length > 0 ? virtualizer.getTotalSize() - (items[items.length - 1]!.end - offset) : 0;
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
    if (virtual) virtualizer.scrollToIndex(next, { align: 'auto' });
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

  const spacer = (height: number, key: string) =>
    height > 0 ? (
      <tr aria-hidden="true" role="presentation" key={key} className="vitrine-spacer">
        <td colSpan={span} style={{ height, padding: 0, border: 0 }} />
      </tr>
    ) : null;

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
            {spacer(before, 'before')}
            {items.map((item) => {
              const row = rows[item.index]!;
              const id = rowKey(row);
              const menu = rowMenu?.items(row);
              return (
                <Table.Tr
                  key={item.key}
                  data-index={item.index}
                  ref={virtual ? virtualizer.measureElement : undefined}
                  aria-rowindex={item.index + 2}
                  data-odd={item.index % 2 === 0 || undefined}
                  data-selected={selection?.state.selected.has(id) || undefined}
                  tabIndex={item.index === current ? 0 : -1}
                  onFocus={(e) => e.target === e.currentTarget && setActive(item.index)}
                  onKeyDown={(e) => onKey(e, item.index, row)}
                >
                  {selection && (
                    <Table.Td>
                      <Checkbox
                        aria-label={selection.rowLabel(row)}
                        checked={selection.state.selected.has(id)}
                        onChange={() => selection.state.toggle(id)}
                      />
                    </Table.Td>
                  )}
                  {columns.map((c) => (
                    <Table.Td
                      key={c.key}
                      ta={c.align}
                      style={c.nowrap ? { whiteSpace: 'nowrap' } : undefined}
                    >
                      {c.cell(row)}
                    </Table.Td>
                  ))}
                  {rowMenu && (
                    <Table.Td>
                      {menu ? (
                        <Menu position="bottom-end" withinPortal>
                          <Menu.Target>
                            <ActionIcon variant="subtle" aria-label={rowMenu.label(row)}>
                              <IconDots size={16} />
                            </ActionIcon>
                          </Menu.Target>
                          <Menu.Dropdown>{menu}</Menu.Dropdown>
                        </Menu>
                      ) : null}
                    </Table.Td>
                  )}
                  {!rowMenu && rowAction && <Table.Td>{rowAction.cell(row)}</Table.Td>}
                </Table.Tr>
              );
            })}
            {spacer(after, 'after')}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {!loading && rows.length === 0 && empty !== undefined && (
        <Text c="dimmed" ta="center">
          {empty}
        </Text>
      )}
    </>
  );
}
