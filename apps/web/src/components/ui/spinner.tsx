import clsx from 'clsx';

export function Spinner({ size = 'md', label = 'Caricamento...' }: { size?: 'sm' | 'md' | 'lg'; label?: string }) {
  const dimension = { sm: 'h-4 w-4', md: 'h-6 w-6', lg: 'h-10 w-10' }[size];
  return (
    <span role={label ? 'status' : undefined} className="inline-flex items-center gap-2">
      <span aria-hidden="true" className={clsx(dimension, 'animate-spin rounded-full border-2 border-current border-t-transparent')} />
      {label && <span className="sr-only">{label}</span>}
    </span>
  );
}

export function PageSpinner() {
  return (
    <div className="flex min-h-[40vh] items-center justify-center text-sea-700">
      <Spinner size="lg" />
    </div>
  );
}
