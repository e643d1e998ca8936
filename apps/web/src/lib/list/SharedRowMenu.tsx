import { useLayoutEffect, useState, type ReactNode, type Ref } from 'react';
import { Menu } from '@mantine/core';

/** Where the table's menu is (the row's place and its '…' button) and whether it is open. */
export interface OpenMenu {
  index: number;
  button: HTMLButtonElement;
  opened: boolean;
}

/**
 * Stands in Menu.Target for a row's own button, which is the row's plain element: the menu is placed at it,
 * the dropdown is labelled by it (its id) and the button says which dropdown it controls.
 */
function ButtonTarget({
  button,
  ref,
  id,
  'aria-controls': controls,
}: {
  button: HTMLButtonElement;
  ref?: Ref<HTMLElement>;
  id?: string;
  'aria-controls'?: string;
}) {
  useLayoutEffect(() => {
    if (typeof ref === 'function') ref(button);
    else if (ref) ref.current = button;
    if (id) button.id = id;
    if (controls) button.setAttribute('aria-controls', controls);
    else button.removeAttribute('aria-controls');
    return () => {
      if (typeof ref === 'function') ref(null);
      else if (ref) ref.current = null;
      button.removeAttribute('id');
      button.removeAttribute('aria-controls');
    };
  }, [button, ref, id, controls]);
  return null;
}

/**
 * The table's one row menu, made when a row's '…' button first opens it and kept (closed) for the next
 * time: a menu's popover and positioning for each of a thousand rows is what made a long page slow. It
 * behaves as any Mantine menu: focus goes into it, arrow keys move in it, Escape or a click outside closes
 * it and focus comes back to the button.
 */
export function SharedRowMenu({
  menu,
  onClose,
  items,
}: {
  menu: OpenMenu | null;
  onClose: () => void;
  items: (index: number) => ReactNode;
}) {
  if (!menu) return null;
  // Made anew for another row, so it opens after being in place closed (Mantine notes then where the
  // focus was, to give it back on close).
  return <RowMenu key={menu.index} menu={menu} onClose={onClose} items={items} />;
}

function RowMenu({
  menu,
  onClose,
  items,
}: {
  menu: OpenMenu;
  onClose: () => void;
  items: (index: number) => ReactNode;
}) {
  const [shown, setShown] = useState(false);
  useLayoutEffect(() => setShown(menu.opened), [menu.opened]);
  return (
    <Menu position="bottom-end" withinPortal opened={shown} onChange={(opened) => !opened && onClose()}>
      <Menu.Target>
        <ButtonTarget button={menu.button} />
      </Menu.Target>
      <Menu.Dropdown>{items(menu.index)}</Menu.Dropdown>
    </Menu>
  );
}

/**
 * What a row's '…' button does: opens the table's menu at it (the button keeps the focus, given back on
 * close), or closes it when open there. The same function from render to render.
 */
export function useMenuToggle(setMenu: (change: (menu: OpenMenu | null) => OpenMenu | null) => void) {
  const [toggle] = useState(() => (button: HTMLButtonElement, index: number) => {
    button.focus();
    setMenu((menu) =>
      menu && menu.index === index && menu.button === button
        ? { ...menu, opened: !menu.opened }
        : { index, button, opened: true },
    );
  });
  return toggle;
}
