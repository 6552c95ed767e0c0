/** A refused request, in words the operator reads; nothing when there is none. */
import { useErrorText } from './error-text';

export function ErrorAlert({ error }: { error: unknown }) {
  const errorText = useErrorText();
  if (!error) return null;
  return (
    <p className="alert" role="alert">
      {errorText(error)}
    </p>
  );
}
