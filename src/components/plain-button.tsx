// A button (or a router link that looks like one) with Mantine Button's look but not its code:
// the navigation bar, the hero and the error pages are in every page's first view, whose code is
// kept small; the rest of the app uses Mantine's Button.
import { Link, type LinkProps } from '@tanstack/react-router';
import { forwardRef, type ButtonHTMLAttributes, type ReactNode } from 'react';
import classes from './plain-button.module.css';
import { Spinner } from './spinner';

type Look = {
  variant?: 'filled' | 'outline' | 'default';
  size?: 'sm' | 'md' | 'lg';
  leftSection?: ReactNode;
  rightSection?: ReactNode;
};

function Content({ leftSection, rightSection, children }: Look & { children?: ReactNode }) {
  return (
    <>
      {leftSection && <span className={classes.section}>{leftSection}</span>}
      {children !== undefined && <span>{children}</span>}
      {rightSection && <span className={classes.section}>{rightSection}</span>}
    </>
  );
}

type PlainButtonProps = Look &
  ButtonHTMLAttributes<HTMLButtonElement> & {
    /** Busy: disabled, with a spinner in place of the left section. */
    loading?: boolean;
  };

export const PlainButton = forwardRef<HTMLButtonElement, PlainButtonProps>(function PlainButton(
  {
    variant = 'filled',
    size = 'sm',
    leftSection,
    rightSection,
    loading,
    children,
    className,
    disabled,
    ...rest
  },
  ref,
) {
  return (
    <button
      ref={ref}
      type="button"
      {...rest}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      className={className ? `${classes.root} ${className}` : classes.root}
      data-variant={variant}
      data-size={size}
    >
      <Content
        leftSection={loading ? <Spinner size={14} /> : leftSection}
        rightSection={rightSection}
      >
        {children}
      </Content>
    </button>
  );
});

export function PlainButtonLink({
  variant = 'filled',
  size = 'sm',
  leftSection,
  rightSection,
  children,
  className,
  ...link
}: Look &
  LinkProps & {
    children?: ReactNode;
    className?: string;
    /** For an icon-only link: its name, and the tooltip that shows it. */
    title?: string;
    'aria-label'?: string;
  }) {
  return (
    <Link
      {...link}
      className={className ? `${classes.root} ${className}` : classes.root}
      data-variant={variant}
      data-size={size}
    >
      <Content leftSection={leftSection} rightSection={rightSection}>
        {children}
      </Content>
    </Link>
  );
}
