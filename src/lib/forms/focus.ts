/**
 * After a refused submit, moves focus to the first field marked invalid, so keyboard and screen
 * reader users land on the problem instead of hearing every error at once.
 */
export function focusFirstInvalid(form: HTMLFormElement | null): void {
  form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
}
