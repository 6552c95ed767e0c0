/** A form-level error (one that belongs to no single field), announced when it appears. */
export function FormAlert({ message }: { message: string | null | undefined | false }) {
  if (!message) return null;
  return (
    <p className="field__error" role="alert">
      {message}
    </p>
  );
}
