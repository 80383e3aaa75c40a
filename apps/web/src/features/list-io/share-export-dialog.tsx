// 'Share or export': the list as text (the share sheet, or copied where there is none), as CSV
// or as a Kete JSON export that 'Import' reads back.
import { type ExportList, exportFileName, listAsCsv, listAsJson, listAsText } from '@kete/shared';
import { Copy, FileJson, FileSpreadsheet, Share2 } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '../../components/ui/alert.js';
import { Button } from '../../components/ui/button.js';
import { Modal } from '../../components/ui/modal.js';
import { canShare, downloadFile, type ShareResult, shareText } from './share-actions.js';

const said: Record<ShareResult, string | null> = {
  shared: null,
  cancelled: null,
  copied: 'Copied to the clipboard.',
  failed: 'This browser would not share or copy the list.',
};

export function ShareExportDialog({ list, onClose }: { list: ExportList; onClose(): void }) {
  const [message, setMessage] = useState<string | null>(null);
  const sharing = canShare();
  return (
    <Modal open onOpenChange={(open) => !open && onClose()} title="Share or export">
      <div className="flex flex-col gap-3">
        <Button
          onClick={async () => {
            const result = await shareText(list.name, listAsText(list));
            setMessage(said[result]);
          }}
        >
          {sharing ? (
            <Share2 aria-hidden="true" className="size-5" />
          ) : (
            <Copy aria-hidden="true" className="size-5" />
          )}
          {sharing ? 'Share as text' : 'Copy as text'}
        </Button>
        <Button
          variant="secondary"
          onClick={() =>
            downloadFile(exportFileName(list.name, 'csv'), listAsCsv(list), 'text/csv;charset=utf-8')
          }
        >
          <FileSpreadsheet aria-hidden="true" className="size-5" />
          Export CSV
        </Button>
        <Button
          variant="secondary"
          onClick={() =>
            downloadFile(exportFileName(list.name, 'json'), listAsJson(list), 'application/json')
          }
        >
          <FileJson aria-hidden="true" className="size-5" />
          Export JSON
        </Button>
        {message && <Alert kind={message.startsWith('Copied') ? 'success' : 'warning'}>{message}</Alert>}
      </div>
    </Modal>
  );
}
