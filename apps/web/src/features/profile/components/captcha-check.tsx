import { messages } from '@portal/shared/messages';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { cx } from '@/lib/class-names';
import { useSolveCaptcha } from '@/features/profile/api/captcha';
import { useT } from '@/features/profile/i18n';
import { useFailureMessage } from '@/lib/use-failure-message';

interface CaptchaCheckProps {
  /** The verified payload, to send once with the form. */
  onSolved: (payload: string) => void;
}

/**
 * "I'm not a robot": a proof of work solved on this device (self-hosted ALTCHA, no third party). A solution
 * is good for one profile update; the form mounts a new check (a new `key`) after a failed one.
 */
export function CaptchaCheck({ onSolved }: CaptchaCheckProps) {
  const t = useT();
  const failureText = useFailureMessage();
  const solve = useSolveCaptcha();
  const [percent, setPercent] = useState(0);
  const controller = useRef<AbortController | null>(null);
  const statusId = useId();

  useEffect(() => () => controller.current?.abort(), []);

  const busy = solve.isPending;
  const solved = solve.isSuccess;

  function start() {
    if (busy || solved) return;
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    setPercent(0);
    solve.mutate(
      { onProgress: setPercent, signal: current.signal },
      { onSuccess: (payload) => onSolved(payload) },
    );
  }

  const status = solved ? t('captcha.verified') : busy ? t('captcha.verifying', { percent }) : '';

  return (
    <div className={cx('captcha', solved && 'captcha--solved', solve.isError && 'captcha--failed')}>
      <button
        type="button"
        role="checkbox"
        className="captcha__box"
        aria-checked={solved}
        aria-busy={busy || undefined}
        aria-describedby={statusId}
        onClick={start}
      >
        <span className="captcha__tick" aria-hidden="true">
          {solved ? '✓' : busy ? <Spinner /> : null}
        </span>
        <span className="captcha__label">{t('captcha.label')}</span>
      </button>
      <p id={statusId} className="captcha__status" role="status">
        {status}
      </p>
      {solve.isError ? (
        <div className="captcha__failure" role="alert">
          <span>
            {failureText(solve.error, {
              network: messages.genericFailure,
              fallback: messages.captchaFailed,
            })}
          </span>
          <Button variant="secondary" onClick={start}>
            {t('captcha.retry')}
          </Button>
        </div>
      ) : null}
      <p className="captcha__note">{t('captcha.note')}</p>
    </div>
  );
}
