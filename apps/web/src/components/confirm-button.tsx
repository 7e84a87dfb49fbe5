import { type KeyboardEvent, useEffect, useRef, useState } from "react";

interface ConfirmButtonProps {
  /** The first button's name, e.g. "Revoke reporting". */
  label: string;
  /** The question asked after the first click, e.g. "Revoke reporting?". */
  question: string;
  /** The confirming button's name, e.g. "Confirm revoking reporting". */
  confirmLabel: string;
  onConfirm: () => void;
  disabled?: boolean;
}

/**
 * A destructive action that asks first: the first click shows the question with Confirm and
 * Cancel; focus moves to Confirm, and Cancel or Escape puts it back on the first button.
 */
export function ConfirmButton({
  label,
  question,
  confirmLabel,
  onConfirm,
  disabled,
}: ConfirmButtonProps) {
  const [asking, setAsking] = useState(false);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  // Where focus goes after a change of state: on Confirm when asking, back on the trigger after.
  const returnFocus = useRef(false);

  useEffect(() => {
    if (asking) confirmRef.current?.focus();
    else if (returnFocus.current) {
      returnFocus.current = false;
      triggerRef.current?.focus();
    }
  }, [asking]);

  const cancel = () => {
    returnFocus.current = true;
    setAsking(false);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === "Escape") {
      event.preventDefault();
      cancel();
    }
  };

  if (!asking)
    return (
      <button type="button" ref={triggerRef} disabled={disabled} onClick={() => setAsking(true)}>
        {label}
      </button>
    );
  return (
    // biome-ignore lint/a11y/useSemanticElements: a group of two buttons, not a form's fieldset.
    <span className="confirm" role="group" aria-label={question} onKeyDown={onKeyDown}>
      <span className="confirm-question">{question}</span>{" "}
      <button
        type="button"
        ref={confirmRef}
        className="danger"
        disabled={disabled}
        onClick={() => {
          setAsking(false);
          onConfirm();
        }}
      >
        {confirmLabel}
      </button>{" "}
      <button type="button" onClick={cancel}>
        Cancel
      </button>
    </span>
  );
}
