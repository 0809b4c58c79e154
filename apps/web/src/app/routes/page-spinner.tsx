import { Spinner } from '../../components/ui/spinner';

export function PageSpinner() {
  return (
    <div className="page-spinner">
      <Spinner size="large" label="Loading" />
    </div>
  );
}
