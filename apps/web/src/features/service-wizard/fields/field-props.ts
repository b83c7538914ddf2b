import type { FieldDefinition } from '@kaunti/catalogue/definition';
import type { ServiceText } from '../../../lib/service-text';
import type { UploadedFile } from '../../../lib/uploads';

/** What every field control of the wizard is given. */
export interface FieldInputProps {
  field: FieldDefinition;
  text: ServiceText;
  fieldsByName: ReadonlyMap<string, FieldDefinition>;
  files: Readonly<Record<string, UploadedFile>>;
  onFileChange: (name: string, file: UploadedFile | undefined) => void;
  onUploadBusy: (name: string, busy: boolean) => void;
}
