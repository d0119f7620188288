/** Closes open <details> menus when the visitor clicks elsewhere or presses Escape. */
export function closeDetailsOnOutsideClick(doc: Document) {
  const openMenus = () => [...doc.querySelectorAll<HTMLDetailsElement>('details.nav-dropdown[open], details.mobile-menu[open]')];
  doc.addEventListener('click', (event) => {
    for (const menu of openMenus()) {
      if (!menu.contains(event.target as Node)) menu.open = false;
    }
  });
  doc.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape') return;
    for (const menu of openMenus()) {
      menu.open = false;
      menu.querySelector('summary')?.focus();
    }
  });
}
