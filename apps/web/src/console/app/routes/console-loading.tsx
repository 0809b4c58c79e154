import { Spinner } from '../../../components/ui/spinner';

/** While the first page's code loads. */
export function ConsoleLoading() {
  return (
    <main className="console-centre">
      <Spinner label="Loading" size="large" />
    </main>
  );
}
