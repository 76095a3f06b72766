import { forwardRef, type CSSProperties } from 'react';
import { Button, createPolymorphicComponent, type ButtonProps } from '@mantine/core';
import { DISABLED_OPACITY } from '../config/constants';

export type AppButtonVariant = 'primary' | 'outline' | 'danger' | 'warning';

export interface AppButtonProps extends Omit<ButtonProps, 'variant' | 'color'> {
  /** primary: indigo filled; outline: indigo outline; danger: red outline; warning: amber filled. */
  variant?: AppButtonVariant;
}

const VARIANTS: Record<AppButtonVariant, { variant: 'filled' | 'outline'; color: string }> = {
  primary: { variant: 'filled', color: 'indigo' },
  outline: { variant: 'outline', color: 'indigo' },
  danger: { variant: 'outline', color: 'red' },
  warning: { variant: 'filled', color: 'yellow' },
};

// Mantine greys disabled buttons out; the product keeps the variant's colours and dims them instead.
const disabledStyle: CSSProperties = {
  opacity: DISABLED_OPACITY,
  cursor: 'not-allowed',
  background: 'var(--button-bg)',
  color: 'var(--button-color)',
  border: 'var(--button-bd)',
};

const AppButtonBase = forwardRef<HTMLButtonElement, AppButtonProps>(function AppButton(
  { variant = 'primary', disabled, style, ...rest },
  ref,
) {
  const mapped = VARIANTS[variant];
  return (
    <Button
      ref={ref}
      variant={mapped.variant}
      color={mapped.color}
      // Dark text on amber stays readable.
      autoContrast={variant === 'warning'}
      disabled={disabled}
      data-app-variant={variant}
      style={disabled ? [style, disabledStyle] : style}
      {...rest}
    />
  );
});

/** Polymorphic like Mantine's Button: `<AppButton component={Link} to="/x">`. */
export const AppButton = createPolymorphicComponent<'button', AppButtonProps>(AppButtonBase);
