/**
 * Builds a number and a date formatter, then quits. The main thread asks for nothing back: ICU's
 * locale data is loaded once per process, and a worker runs in the page's process.
 */
self.onmessage = (event: MessageEvent<string>) => {
  try {
    new Intl.NumberFormat(event.data, { maximumFractionDigits: 8 }).format(1234.5);
    new Intl.DateTimeFormat(event.data, { dateStyle: 'medium', timeStyle: 'short' }).format(0);
  } finally {
    self.postMessage('warm');
    self.close();
  }
};
