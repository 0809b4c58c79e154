import { messages } from '@portal/shared/messages';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { useMessageText } from '@/lib/i18n';
import { useSettings } from '@/lib/settings';
import { useT } from '@/features/auth/i18n';

/** Where the address goes in the sentence: each language puts it in its own place. */
const slot = '\u0000';

function SupportLine({ email, text }: { email: string; text: string }) {
  const [before = '', after = ''] = text.split(slot);
  return (
    <p>
      {before}
      <a href={`mailto:${email}`}>{email}</a>
      {after}
    </p>
  );
}

/** Sign-up success. Only its own button leaves it: a stray click or Escape must not hide the next step. */
export function AccountCreatedDialog() {
  const t = useT();
  const tm = useMessageText();
  const { data: settings } = useSettings();
  const navigate = useNavigate();

  return (
    <Dialog title={tm(messages.signupSuccess, 'signupSuccess')} dismissible={false}>
      <p>{t('accountCreated.body')}</p>
      {settings ? (
        <SupportLine email={settings.supportEmail} text={t('accountCreated.help', { email: slot })} />
      ) : null}
      <Button block data-autofocus onClick={() => void navigate('/')}>
        {t('accountCreated.goToSignIn')}
      </Button>
    </Dialog>
  );
}
