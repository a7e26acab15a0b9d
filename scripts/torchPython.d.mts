export declare const TORCH_MISSING: string;
/** The first interpreter that imports torch.distributed, or null. */
export declare function findTorchPython(): string | null;
