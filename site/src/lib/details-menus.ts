/** Closes open <details> menus when the visitor clicks elsewhere, presses Escape, or tabs out of them. */
export function closeDetailsOnOutsideClick(doc: Document) {
  const openMenus = () => [...doc.querySelectorAll<HTMLDetailsElement>('details.nav-dropdown[open], details.mobile-menu[open]')];
  doc.addEventListener('click', (event) => {
    for (const menu of openMenus()) {
      if (!menu.contains(event.target as Node)) menu.open = false;
    }
  });
  doc.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape') return;
    const menus = openMenus();
    if (menus.length) event.preventDefault();
    for (const menu of menus) {
      menu.open = false;
      menu.querySelector('summary')?.focus();
    }
  });
  // Focus moving to something outside an open menu (Tab past its last link, Shift+Tab before its summary) closes it.
  doc.addEventListener('focusout', (event) => {
    const next = event.relatedTarget as Node | null;
    if (!next) return;
    for (const menu of openMenus()) {
      if (menu.contains(event.target as Node) && !menu.contains(next)) menu.open = false;
    }
  });
}
