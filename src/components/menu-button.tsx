// A menu button (WAI-ARIA APG pattern) whose items are router links. Written here instead of
// Mantine's Menu, whose floating-ui positioning would add ~15 KB gzip to the landing page.
import { IconChevronDown } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import classes from './menu-button.module.css';
import { PlainButton } from './plain-button';

export type MenuLink = { label: string; to: '/entrar' | '/registrarse'; icon?: ReactNode };

type MenuButtonProps = {
  label: string;
  size?: 'sm' | 'md' | 'lg';
  items: MenuLink[];
  /** Called after an item was chosen. */
  onSelect?: () => void;
};

export function MenuButton({ label, size, items, onSelect }: MenuButtonProps) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const itemRefs = useRef<Array<HTMLAnchorElement | null>>([]);
  /** Which item gets focus when the menu opens (first, or last after ArrowUp). */
  const focusOnOpen = useRef(0);

  useEffect(() => {
    if (!open) return;
    itemRefs.current[focusOnOpen.current]?.focus();
    const closeOnOutside = (event: MouseEvent | TouchEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    // Capture phase: also sees presses on server HTML not hydrated yet (components/deferred.tsx).
    document.addEventListener('mousedown', closeOnOutside, true);
    document.addEventListener('touchstart', closeOnOutside, true);
    return () => {
      document.removeEventListener('mousedown', closeOnOutside, true);
      document.removeEventListener('touchstart', closeOnOutside, true);
    };
  }, [open]);

  const openAt = (index: number) => {
    focusOnOpen.current = index;
    setOpen(true);
  };

  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  };

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      openAt(0);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      openAt(items.length - 1);
    }
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const current = itemRefs.current.findIndex((item) => item === document.activeElement);
    const focusItem = (index: number) =>
      itemRefs.current[(index + items.length) % items.length]?.focus();
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        focusItem(current + 1);
        break;
      case 'ArrowUp':
        event.preventDefault();
        focusItem(current - 1);
        break;
      case 'Home':
        event.preventDefault();
        focusItem(0);
        break;
      case 'End':
        event.preventDefault();
        focusItem(items.length - 1);
        break;
      case 'Escape':
        event.preventDefault();
        close(true);
        break;
      case 'Tab':
        close(false);
        break;
    }
  };

  return (
    <div className={classes.root} ref={rootRef}>
      <PlainButton
        ref={buttonRef}
        size={size}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        rightSection={<IconChevronDown size={16} aria-hidden="true" />}
        onClick={() => (open ? close(false) : openAt(0))}
        onKeyDown={onButtonKeyDown}
      >
        {label}
      </PlainButton>
      {open && (
        <ul
          id={menuId}
          role="menu"
          aria-label={label}
          className={classes.menu}
          onKeyDown={onMenuKeyDown}
        >
          {items.map((item, index) => (
            <li role="none" key={item.to}>
              <Link
                to={item.to}
                role="menuitem"
                tabIndex={-1}
                className={classes.item}
                ref={(node) => {
                  itemRefs.current[index] = node;
                }}
                onClick={() => {
                  setOpen(false);
                  onSelect?.();
                }}
              >
                {item.icon}
                {item.label}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
