/**
 * Join (or, after a rejection, resubmit): the partner-exchange user ID and 1–3 screenshots, then
 * a confirmation. A join carries one idempotency key per confirmed attempt, reused on retry.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { participate, resubmitParticipation } from '../../api/activity';
import { isApiError } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import type { ActivityDetail, Participation } from '../../contract/activity';
import { ErrorCode } from '../../contract/errors';
import { whileBusy } from '../../lib/busy/busy';
import { errorMessage } from '../../session/error-messages';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { TextField } from '../../ui/field';
import { FormAlert } from '../../ui/form-alert';
import { ImageViewer } from '../../ui/image-viewer';
import { showToast } from '../../ui/toast';
import { ACCEPTED_IMAGE_TYPES, isPartnerUid, MAX_IMAGES } from './image-rules';
import { useImageUploads } from './use-image-uploads';

interface JoinFormProps {
  activity: ActivityDetail;
  /** Set when resubmitting a rejected participation. */
  rejected?: Participation;
}

export function JoinForm({ activity, rejected }: JoinFormProps) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const [uid, setUid] = useState(rejected?.partnerUid ?? '');
  const [touched, setTouched] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [viewing, setViewing] = useState<number | null>(null);
  const attempt = useRef<{ key: string; body: string } | null>(null);
  const uploads = useImageUploads();
  // A resubmission may keep the screenshots sent before.
  const imageIds = uploads.uploadIds.length > 0 ? uploads.uploadIds : (rejected?.imageIds ?? []);
  const screenshotCount = new Intl.NumberFormat(i18n.locale.replace('_', '-')).format(imageIds.length);

  const uidError =
    touched && !isPartnerUid(uid) ? t`Enter the user ID from ${activity.partnerName} (4–32 letters, digits, - or _).` : null;
  const imageError = touched && imageIds.length === 0 ? t`Add at least one screenshot.` : null;

  const mutation = useMutation({
    mutationFn: async () => {
      const body = { partnerUid: uid, imageIds };
      if (rejected) return resubmitParticipation({ participationId: rejected.id, ...body });
      const fingerprint = JSON.stringify(body);
      // Same confirmed body → same key, so a retried request cannot join twice.
      if (attempt.current?.body !== fingerprint) attempt.current = { key: crypto.randomUUID(), body: fingerprint };
      const key = attempt.current.key;
      return whileBusy(() => participate({ activityId: activity.id, ...body }, key));
    },
    meta: { inlineErrors: true },
    onSuccess: () => {
      attempt.current = null;
      setConfirming(false);
      void showToast(rejected ? t`Resubmitted for review` : t`Submitted for review`, 'success');
      void queryClient.invalidateQueries({ queryKey: queryKeys.activity.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.records.all });
    },
    onError: (error) => {
      setConfirming(false);
      const code = isApiError(error) ? error.code : undefined;
      const retryable = code === ErrorCode.NETWORK || code === ErrorCode.TIMEOUT || (code !== undefined && code >= 500);
      if (!retryable) attempt.current = null;
      setServerError(errorMessage(error));
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    setServerError(null);
    if (!isPartnerUid(uid) || imageIds.length === 0 || uploads.busy) return;
    setConfirming(true);
  };

  return (
    <>
      <form className="card stack" onSubmit={submit} noValidate aria-label={rejected ? t`Resubmit` : t`Join`}>
        <h2 className="section-title">{rejected ? <Trans>Resubmit</Trans> : <Trans>Join this activity</Trans>}</h2>
        <TextField
          label={t`${activity.partnerName} user ID`}
          value={uid}
          onValueChange={(v) => {
            setUid(v.trim());
            setServerError(null);
          }}
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          maxLength={32}
          error={uidError}
        />
        <fieldset className="stack image-fieldset">
          <legend className="field__label">
            <Trans>Screenshots (up to {MAX_IMAGES})</Trans>
          </legend>
          <div className="image-picker">
            {uploads.images.map((img, i) => (
              <div key={img.key} className="image-thumb" data-state={img.state}>
                <button
                  type="button"
                  className="image-thumb__open"
                  onClick={() => setViewing(i)}
                  aria-label={t`Preview ${img.name}`}
                >
                  <img src={img.preview} alt="" />
                </button>
                <button
                  type="button"
                  className="image-thumb__remove"
                  onClick={() => uploads.remove(img.key)}
                  aria-label={t`Remove ${img.name}`}
                >
                  ×
                </button>
                {img.state === 'uploading' && <progress max={1} value={img.progress} aria-label={t`Uploading ${img.name}`} />}
              </div>
            ))}
            {uploads.images.length < MAX_IMAGES && (
              <label className="image-add">
                <input
                  type="file"
                  accept={ACCEPTED_IMAGE_TYPES.join(',')}
                  multiple
                  onChange={(e) => {
                    if (e.target.files) uploads.add(e.target.files);
                    e.target.value = '';
                  }}
                />
                <span>
                  <Trans>Add image</Trans>
                </span>
              </label>
            )}
          </div>
          {uploads.images
            .filter((i) => i.state === 'error')
            .map((i) => (
              <p key={i.key} className="field__error" role="alert">
                {i.name}: {i.error}
              </p>
            ))}
          <FormAlert message={uploads.problem ?? imageError} />
        </fieldset>
        <FormAlert message={serverError} />
        <button type="submit" className="button button--block" disabled={mutation.isPending || uploads.busy}>
          {uploads.busy ? <Trans>Uploading…</Trans> : rejected ? <Trans>Resubmit</Trans> : <Trans>Submit</Trans>}
        </button>
      </form>
      <ConfirmDialog
        open={confirming}
        title={t`Confirm participation`}
        confirmLabel={t`Confirm`}
        pending={mutation.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={() => mutation.mutate()}
      >
        <p>
          <Trans>
            Join “{activity.title}” with {activity.partnerName} user ID <bdi>{uid}</bdi>?
          </Trans>
        </p>
        <p className="muted">
          <Trans>Screenshots: {screenshotCount}</Trans>
        </p>
      </ConfirmDialog>
      <ImageViewer
        images={uploads.images.map((i) => ({ src: i.preview, alt: i.name }))}
        index={viewing}
        onClose={() => setViewing(null)}
      />
    </>
  );
}
