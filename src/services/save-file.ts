// Saving what the API answered as a file in the browser (zone files, invoices, the ledger): the answer
// needs the session's Authorization header, so it is fetched, then handed to the browser as a download.

export function saveFile(file: Blob, filename: string): void {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.click();
  // Long enough for the browser to start the download.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
