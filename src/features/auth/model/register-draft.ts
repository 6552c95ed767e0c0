/**
 * What the register form keeps while the user reads the terms or the privacy policy and comes back
 * (in-app navigation unmounts the form). Memory only, never storage, and never the passwords.
 */
import type { CodeAndPasswordDraft } from './use-code-and-password';

export interface RegisterDraft extends CodeAndPasswordDraft {
  inviteCode: string;
  agreed: boolean;
}

let draft: RegisterDraft | null = null;

export const readRegisterDraft = (): RegisterDraft | null => draft;
export const saveRegisterDraft = (next: RegisterDraft): void => {
  draft = next;
};
export const clearRegisterDraft = (): void => {
  draft = null;
};
