import {
  memo,
  useCallback,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import { Checkbox, Table, Text, VisuallyHidden } from '@mantine/core';
import type { Selection } from './useSelection';
import { useCabinetBlocked } from '../permissions';
import { Row, type RowEvents, type RowKit } from './DataTableRow';
import { rowKeyTarget } from './rowKeys';
import { allChosen } from './selectionState';
import { SharedRowMenu, useMenuToggle, type OpenMenu } from './SharedRowMenu';
import { SpacerRow } from './SpacerRow';
import { useLinkClicks } from './useLinkClicks';
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

/** A row's height until the first row rendered is measured (once for each page of rows). */
const ESTIMATED_ROW = 49;
/** Rows rendered beyond the visible ones on each side. */
const OVERSCAN = 3;
/**
 * Pages up to this many rows are rendered whole (the spec's pages of 10 and 25, a cabinet's members):
 * small enough to stay light, and every row stays findable in the page. Longer ones are virtualised.
 */
const WHOLE_UP_TO = 50;

interface RowFocusInput<T> {
  rows: T[];
  rowKey: (row: T) => number;
  body: RefObject<HTMLTableSectionElement | null>;
  scrollTo: (index: number) => void;
  toggle: ((id: number) => void) | undefined;
  menu: (button: HTMLButtonElement, index: number) => void;
}

/**
 * The row that takes the focus: one row is tabbable, arrow keys, Page Up/Down, Home and End move it
 * (rowKeyTarget), scrolling the one reached into view and focusing it once rendered; Space toggles its
 * checkbox. The rows' events go through one object that stays the same from render to render.
 */
function useRowFocus<T>({ rows, rowKey, body, scrollTo, toggle, menu }: RowFocusInput<T>) {
  const [active, setActive] = useState(0);
  const focusAfterRender = useRef<number | null>(null);
  const current = Math.min(active, Math.max(0, rows.length - 1));

  useLayoutEffect(() => {
    const index = focusAfterRender.current;
    if (index === null) return;
    const row = body.current?.querySelector<HTMLElement>(`tr[data-index="${index}"]`);
    if (row) {
      focusAfterRender.current = null;
      row.focus();
    }
  });

  const move = (next: number) => {
    setActive(next);
    focusAfterRender.current = next;
    scrollTo(next);
  };
  const onKey = (event: KeyboardEvent<HTMLTableRowElement>, index: number, row: T) => {
    if (event.target !== event.currentTarget) return;
    const target = rowKeyTarget(event.key, index, rows.length);
    if (target !== null) {
      event.preventDefault();
      move(target);
    } else if (event.key === ' ' && toggle) {
      event.preventDefault();
      toggle(rowKey(row));
    }
  };

  // What a row does on a key, a focus, its checkbox or its menu button, through one object that stays the same from render
  // to render, so a row re-renders only when its own data, place or state changes (not on every scroll).
  const latest = useRef({ onKey, toggle });
  useLayoutEffect(() => {
    latest.current = { onKey, toggle };
  });
  const [events] = useState<RowEvents<T>>(() => ({
    key: (event, index, row) => latest.current.onKey(event, index, row),
    focus: (index) => setActive(index),
    toggle: (id) => latest.current.toggle?.(id),
    menu,
  }));
  return { current, events };
}

/**
 * The rows' height: the middle one of the first rows rendered, measured once for each page of rows (not
 * for each row coming into view, which forced a layout for every one of them while scrolling).
 */
function useRowHeight(body: RefObject<HTMLTableSectionElement | null>, rows: unknown[]) {
  const [height, setHeight] = useState(ESTIMATED_ROW);
  useLayoutEffect(() => {
    const rendered = body.current?.querySelectorAll('tr[data-index]');
    if (!rendered || rendered.length === 0) return;
    const heights = [...rendered].map((tr) => tr.getBoundingClientRect().height).sort((a, b) => a - b);
    const middle = heights[Math.floor(heights.length / 2)]!;
    if (middle > 0 && Math.abs(middle - height) > 0.5) setHeight(middle);
    // Once for each page of rows.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [rows]);
  return height;
}

/**
 * What every row shares, the same object while the columns and which parts there are stay: a row's labels
 * and menu are read from the latest props when used (the parent makes them anew at every render),
 * so a row re-renders only when its own data, place or state changes.
 */
function useRowKit<T>({
  columns,
  selection,
  rowMenu,
  rowAction,
  events,
}: Pick<DataTableProps<T>, 'columns' | 'selection' | 'rowMenu' | 'rowAction'> & { events: RowEvents<T> }) {
  const latest = useRef({ selection, rowMenu });
  useLayoutEffect(() => {
    latest.current = { selection, rowMenu };
  });
  const hasLabel = selection !== undefined;
  const hasMenu = rowMenu !== undefined;
  return useMemo<RowKit<T>>(
    () => ({
      columns,
      rowLabel: hasLabel ? (row) => latest.current.selection!.rowLabel(row) : undefined,
      rowMenu: hasMenu
        ? { header: '', label: (row) => latest.current.rowMenu!.label(row), items: () => null }
        : undefined,
      // An action's cell may show the parent's state (a pending button): rows follow its every render.
      rowAction,
      events,
    }),
    [columns, hasLabel, hasMenu, rowAction, events],
  );
}

/**
 * The header row: the page's checkbox, the columns' headers, the menu or action column's hidden one.
 * Memoised: Mantine's cells need not be worked out again for every scroll's render of the table.
 */
const HeaderRow = memo(function HeaderRow<T>({
  rows,
  rowKey,
  columns,
  selection,
  rowMenu,
  rowAction,
}: DataTableProps<T>) {
  return (
    <Table.Tr aria-rowindex={1}>
      {selection && (
        <Table.Th w={40}>
          <Checkbox
            aria-label={selection.allLabel}
            checked={allChosen(rows.map(rowKey), selection.state.selected)}
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
  );
}) as <T>(props: DataTableProps<T>) => ReactNode;

/**
 * The list kit's table: on a long page only the rows in (and near) the window are in the document, so a
 * page of 1000 stays light; the window scrolls as ever. Screen readers learn the full size from
 * aria-rowcount and each row's place from aria-rowindex. A row takes focus: arrow keys, Home and End move
 * between rows (scrolling the one reached into view), Space toggles its checkbox. Rows are plain elements
 * (DataTableRow); their links go through the router by one click handler here, their '…' buttons open the
 * table's one menu (SharedRowMenu).
 */
export function DataTable<T>(props: DataTableProps<T>) {
  const { rows, rowKey, columns, label, minWidth = 640, selection, rowMenu, rowAction, empty } = props;
  const loading = props.loading ?? false;
  const body = useRef<HTMLTableSectionElement>(null);
  // A blocked cabinet's lists are empty because they are refused: the banner says why, not 'Nothing found'.
  const blocked = useCabinetBlocked();
  const rowHeight = useRowHeight(body, rows);
  // The same function while the rows are: the virtualiser works every row's place out again when it changes.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const keyOf = useCallback((index: number) => rowKey(rows[index]!), [rows]);
  const { items, before, after, scrollTo } = useVirtualRows({
    count: rows.length,
    estimate: rowHeight,
    fixed: true,
    keyOf,
    anchor: body,
    wholeUpTo: WHOLE_UP_TO,
    overscan: OVERSCAN,
  });
  const [menu, setMenu] = useState<OpenMenu | null>(null);
  const toggle = selection?.state.toggle;
  const menuToggle = useMenuToggle(setMenu);
  const { current, events } = useRowFocus({ rows, rowKey, body, scrollTo, toggle, menu: menuToggle });
  const links = useLinkClicks();
  const span = columns.length + (selection ? 1 : 0) + (rowMenu || rowAction ? 1 : 0);
  const kit = useRowKit({ columns, selection, rowMenu, rowAction, events });
  // The menu goes with its row when the row scrolls out of the document.
  const open = menu && items.some((i) => i.index === menu.index) ? menu : null;
  useLayoutEffect(() => {
    if (menu && !open) setMenu(null);
  }, [menu, open]);

  return (
    <>
      <Table.ScrollContainer minWidth={minWidth}>
        <Table
          highlightOnHover
          className="vitrine-datatable"
          aria-label={label}
          aria-rowcount={rows.length + 1}
          {...links}
        >
          <Table.Thead>
            <HeaderRow {...props} />
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
                  menuOpen={open?.opened === true && open.index === item.index}
                  kit={kit}
                />
              );
            })}
            <SpacerRow key="after" height={after} span={span} />
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {rowMenu && (
        <SharedRowMenu
          menu={open}
          onClose={() => setMenu((m) => m && { ...m, opened: false })}
          items={(index) => (rows[index] === undefined ? null : rowMenu.items(rows[index]))}
        />
      )}
      {!loading && !blocked && rows.length === 0 && empty !== undefined && (
        <Text c="dimmed" ta="center">
          {empty}
        </Text>
      )}
    </>
  );
}
