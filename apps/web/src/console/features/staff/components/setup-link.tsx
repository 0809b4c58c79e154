import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { useT } from '@/console/i18n';
import { useAnswerText } from '@/console/lib/failure';
import { useFormatDateTime } from '@/console/lib/format';

export interface SetupLinkAnswer {
  message: string;
  setupUrl: string;
  expiresAt: string;
  data: { email: string };
}

/**
 * A set-up link just made (an invitation, again, or after a reset): it was e-mailed, and it is shown to copy,
 * for a person whose mail is slow or filtered.
 */
export function SetupLink({ answer }: { answer: SetupLinkAnswer }) {
  const [copied, setCopied] = useState(false);
  const t = useT();
  const answerText = useAnswerText();
  const formatDateTime = useFormatDateTime();
  return (
    <Alert tone="success">
      {t('staff.invite.sent', {
        message: answerText(answer),
        email: answer.data.email,
        until: formatDateTime(answer.expiresAt),
      })}
      <br />
      <code className="console-secret">{answer.setupUrl}</code>{' '}
      <Button
        variant="secondary"
        onClick={() => {
          void navigator.clipboard?.writeText(answer.setupUrl).then(() => setCopied(true));
        }}
      >
        {copied ? t('staff.invite.copied') : t('staff.invite.copy')}
      </Button>
    </Alert>
  );
}
