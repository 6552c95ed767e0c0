/** An on/off setting: a checkbox with the switch role, styled by `.switch` (ui.css). */
import type { InputHTMLAttributes } from 'react';

interface SwitchProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'role' | 'checked' | 'onChange'> {
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
}

export function Switch({ checked, onCheckedChange, className, ...rest }: SwitchProps) {
  return (
    <input
      {...rest}
      type="checkbox"
      role="switch"
      className={className ? `switch ${className}` : 'switch'}
      checked={checked}
      aria-checked={checked}
      onChange={(e) => onCheckedChange(e.target.checked)}
    />
  );
}
