// Mantine's layout and type components as the parts in every page's first download use them,
// without Mantine's component machinery (props resolution, style props, the styles API): the
// same markup, Mantine's own classes and variables, and so Mantine's stylesheets, which every
// page links. The rest of the app, loaded later, uses Mantine's components themselves.
//
// The markup is what Mantine 9 draws for the same props: test/web/first-view-components.test.tsx
// renders both and compares them, so an upgrade of Mantine that changes it fails there.
import { forwardRef, type CSSProperties, type ElementType, type ReactNode } from 'react';

type Spacing = 'xs' | 'sm' | 'md' | 'lg' | 'xl';

const join = (...names: Array<string | false | undefined>) => names.filter(Boolean).join(' ');

export function Container({
  size,
  className,
  py,
  children,
}: {
  size: 'sm' | 'md' | 'lg' | 'xl';
  className?: string;
  /** Vertical padding in px. */
  py?: number;
  children: ReactNode;
}) {
  const style = {
    '--container-size': `var(--container-size-${size})`,
    ...(py === undefined ? {} : { paddingBlock: `calc(${py / 16}rem * var(--mantine-scale))` }),
  } as CSSProperties;
  return (
    <div
      style={style}
      className={join(className, 'm_7485cace mantine-Container-root')}
      data-size={size}
      data-strategy="block"
    >
      {children}
    </div>
  );
}

export function Title({
  order,
  id,
  className,
  children,
}: {
  order: 1 | 2 | 3;
  id?: string;
  className?: string;
  children: ReactNode;
}) {
  const Heading: ElementType = `h${order}`;
  const style = {
    '--title-fw': `var(--mantine-h${order}-font-weight)`,
    '--title-lh': `var(--mantine-h${order}-line-height)`,
    '--title-fz': `var(--mantine-h${order}-font-size)`,
  } as CSSProperties;
  return (
    <Heading
      style={style}
      className={join(className, 'm_8a5d1357 mantine-Title-root')}
      data-order={order}
      id={id}
    >
      {children}
    </Heading>
  );
}

export function Text({
  className,
  mb,
  children,
}: {
  className?: string;
  mb?: Spacing;
  children: ReactNode;
}) {
  return (
    <p
      style={mb ? { marginBottom: `var(--mantine-spacing-${mb})` } : undefined}
      className={join('mantine-focus-auto', className, 'm_b6d8b162 mantine-Text-root')}
    >
      {children}
    </p>
  );
}

export function Stack({ children }: { children: ReactNode }) {
  const style = {
    '--stack-gap': 'var(--mantine-spacing-md)',
    '--stack-align': 'flex-start',
    '--stack-justify': 'flex-start',
  } as CSSProperties;
  return (
    <div style={style} className="m_6d731127 mantine-Stack-root">
      {children}
    </div>
  );
}

export function Group({ children }: { children: ReactNode }) {
  const style = {
    '--group-gap': 'var(--mantine-spacing-md)',
    '--group-align': 'center',
    '--group-justify': 'flex-start',
    '--group-wrap': 'wrap',
  } as CSSProperties;
  return (
    <div style={style} className="m_4081bf90 mantine-Group-root">
      {children}
    </div>
  );
}

export function Center({
  children,
  mih,
  role,
}: {
  children: ReactNode;
  /** Minimum height, a CSS length. */
  mih?: string;
  role?: 'status';
}) {
  return (
    <div
      style={mih ? { minHeight: mih } : undefined}
      className="m_4451eb3a mantine-Center-root"
      role={role}
    >
      {children}
    </div>
  );
}

export function VisuallyHidden({ children }: { children: ReactNode }) {
  return <span className="m_515a97f8 mantine-VisuallyHidden-root">{children}</span>;
}

type BurgerProps = {
  opened: boolean;
  className?: string;
  onClick: () => void;
  'aria-label': string;
  'aria-expanded': boolean;
  'aria-controls': string;
};

/** Mantine's Burger of size "sm". */
export const Burger = forwardRef<HTMLButtonElement, BurgerProps>(function Burger(
  { opened, className, ...rest },
  ref,
) {
  return (
    <button
      ref={ref}
      style={{ '--burger-size': 'var(--burger-size-sm)' } as CSSProperties}
      className={join(
        'mantine-focus-auto',
        className,
        'm_fea6bf1a mantine-Burger-root m_87cf2631 mantine-UnstyledButton-root',
      )}
      data-size="sm"
      type="button"
      {...rest}
    >
      <div
        className="m_d4fb9cad mantine-Burger-burger"
        data-reduce-motion="true"
        data-opened={opened || undefined}
      />
    </button>
  );
});
