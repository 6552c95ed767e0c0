/**
 * What the register form keeps while the user reads the terms or the privacy policy and comes back
 * (in-app navigation unmounts the form). Memory only, never storage, and never the passwords.
 */
import type { AccountInput } from './account';
import type { SentCode } from './use-send-code';

export interface RegisterDraft {
  account: AccountInput | null;
  code: string;
  inviteCode: string;
  agreed: boolean;
  lastSent: SentCode | null;
}

let draft: RegisterDraft | null = null;

export const readRegisterDraft = (): RegisterDraft | null => draft;
export const saveRegisterDraft = (next: RegisterDraft): void => {
  draft = next;
};
export const clearRegisterDraft = (): void => {
  draft = null;
};
