/** The graphic code the server asks for after many code requests: an SVG picture shown as an image. */
import { useLingui } from '@lingui/react/macro';
import { TextField } from '../../../ui/field';
import { Skeleton } from '../../../ui/skeleton';
import { useAuthErrorText } from '../model/use-error-text';
import type { SendCode } from '../model/use-send-code';

/**
 * The picture goes through <img> as a data: URL (allowed by the CSP's img-src), never into the DOM
 * as markup: an image cannot run script, whatever the SVG contains.
 */
const svgDataUrl = (svg: string) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;

export function CaptchaField({
  captcha,
  serverError,
  disabled,
}: {
  captcha: SendCode['captcha'];
  serverError: string | null;
  disabled?: boolean;
}) {
  const { t } = useLingui();
  const errorText = useAuthErrorText();
  return (
    <TextField
      label={t`Graphic code`}
      value={captcha.answer}
      onValueChange={captcha.setAnswer}
      autoComplete="off"
      autoCapitalize="off"
      spellCheck={false}
      maxLength={12}
      disabled={disabled}
      error={
        (captcha.missing ? errorText('captchaRequired') : serverError) ??
        (captcha.failed ? t`The graphic code could not be loaded. Tap the picture to try again.` : null)
      }
      hint={t`Type the characters in the picture. Tap it for a new one.`}
      end={
        <button
          type="button"
          className="captcha-button"
          onClick={captcha.refresh}
          disabled={disabled || captcha.loading}
          aria-label={t`Show a new graphic code`}
        >
          {captcha.svg && !captcha.loading ? (
            <img className="captcha-image" src={svgDataUrl(captcha.svg)} alt={t`Graphic code`} width={120} height={40} />
          ) : (
            <Skeleton width={120} height={40} />
          )}
        </button>
      }
    />
  );
}
