import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { Link, type LinkProps } from '../../lib/router';

type Variant = 'primary' | 'secondary' | 'outline' | 'ghost' | 'danger' | 'inverse';
type Size = 'sm' | 'md' | 'lg' | 'icon';

const base =
  'inline-flex items-center justify-center gap-2 rounded-full font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-60 select-none';

const variants: Record<Variant, string> = {
  primary: 'bg-forest-700 text-white hover:bg-forest-800 active:bg-forest-900',
  secondary: 'bg-honey-400 text-bark-900 hover:bg-honey-500',
  outline: 'border-2 border-forest-700 text-forest-800 bg-white hover:bg-forest-50',
  ghost: 'text-forest-800 hover:bg-forest-50',
  danger: 'text-red-800 hover:bg-red-50',
  /** On dark backgrounds (the hero). */
  inverse: 'text-white ring-2 ring-white/70 hover:bg-white/10',
};

// Every size keeps a 44 px touch target or more (WCAG 2.5.5); 'sm' is only narrower, for dense rows.
const sizes: Record<Size, string> = {
  sm: 'min-h-11 px-4 text-sm',
  md: 'min-h-11 px-5 text-base',
  lg: 'min-h-12 px-7 text-lg',
  icon: 'h-11 w-11',
};

export function buttonClass(variant: Variant = 'primary', size: Size = 'md', extra = '') {
  return `${base} ${variants[variant]} ${sizes[size]} ${extra}`;
}

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: Variant;
  size?: Size;
}

export function Button({ variant, size, className = '', type = 'button', ...props }: ButtonProps) {
  return <button type={type} className={buttonClass(variant, size, className)} {...props} />;
}

interface ButtonLinkProps extends LinkProps {
  variant?: Variant;
  size?: Size;
  children: ReactNode;
}

export function ButtonLink({ variant, size, className = '', ...props }: ButtonLinkProps) {
  return <Link className={buttonClass(variant, size, className)} {...props} />;
}
