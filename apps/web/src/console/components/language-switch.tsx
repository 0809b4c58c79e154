import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { setLocale, useCommonT, useLocale } from '@/lib/i18n';

/** The other language, named in its own script; the choice is kept on this device. */
export function LanguageSwitch() {
  const tc = useCommonT();
  const locale = useLocale();
  const [switching, setSwitching] = useState(false);
  const other = locale === 'ur' ? 'en' : 'ur';
  return (
    <Button
      variant="link"
      lang={other}
      loading={switching}
      onClick={() => {
        setSwitching(true);
        // A failed download leaves the page as it is; the button may be pressed again.
        void setLocale(other)
          .catch(() => undefined)
          .finally(() => setSwitching(false));
      }}
    >
      {tc('switchTo')}
    </Button>
  );
}
