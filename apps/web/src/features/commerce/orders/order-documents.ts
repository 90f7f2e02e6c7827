import { ApiError, toApiError } from '../../../api/client';
import { downloadBlob } from '../../../kit/csv';
import { dispositionName } from '../../../kit/list-export';
import { getToken } from '../../../lib/session';

/** Downloads one of an order's PDFs (invoice, packing slip) with the session's token, under the server's file name. */
export async function downloadOrderPdf(orderId: string, kind: 'invoice' | 'packing-slip', fallbackName: string): Promise<void> {
  let response: Response;
  try {
    response = await fetch(`/api/v1/commerce/orders/${orderId}/${kind}.pdf`, { headers: { authorization: `Bearer ${getToken() ?? ''}` } });
  } catch {
    throw new ApiError(0, 'network_error', 'The server cannot be reached. Check your connection and try again.');
  }
  if (!response.ok) throw toApiError(response.status, await response.json().catch(() => undefined));
  downloadBlob(dispositionName(response.headers.get('content-disposition')) ?? fallbackName, await response.blob());
}
