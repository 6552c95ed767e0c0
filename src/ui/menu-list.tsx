/**
 * A grouped settings-style list: rows that link to a screen, run an action, or hold a control,
 * each at least 48px high with the value or badge at the end and a chevron that flips in RTL.
 */
import { Link, type LinkProps } from '@tanstack/react-router';
import { type ReactNode, useId } from 'react';
import { ChevronIcon } from './icons';
import './menu-list.css';

export function MenuList({ label, children }: { label?: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section className="menu" aria-labelledby={label ? headingId : undefined}>
      {label && (
        <h2 className="menu__heading" id={headingId}>
          {label}
        </h2>
      )}
      <ul className="menu__list">{children}</ul>
    </section>
  );
}

interface RowContent {
  label: ReactNode;
  icon?: ReactNode;
  /** Shown at the end: a value ("USD"), a count badge… */
  value?: ReactNode;
}

function Inner({ label, icon, value, chevron }: RowContent & { chevron: boolean }) {
  return (
    <>
      {icon && <span className="menu__icon">{icon}</span>}
      <span className="menu__label">{label}</span>
      {value !== undefined && value !== null && <span className="menu__value">{value}</span>}
      {chevron && <ChevronIcon className="menu__chevron flip-rtl" />}
    </>
  );
}

export function MenuLink({ to, search, ...row }: RowContent & { to: LinkProps['to']; search?: LinkProps['search'] }) {
  return (
    <li>
      <Link to={to} search={search} className="menu__row">
        <Inner {...row} chevron />
      </Link>
    </li>
  );
}

export function MenuButton({ onClick, danger, ...row }: RowContent & { onClick: () => void; danger?: boolean }) {
  return (
    <li>
      <button type="button" className={danger ? 'menu__row menu__row--danger' : 'menu__row'} onClick={onClick}>
        <Inner {...row} chevron={!danger} />
      </button>
    </li>
  );
}

/** A row whose control (a switch, a select) is given by the caller. */
export function MenuItem({ children }: { children: ReactNode }) {
  return <li className="menu__row menu__row--static">{children}</li>;
}
