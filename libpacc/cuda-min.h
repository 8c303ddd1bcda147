/* Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1
   Free software, without any warranty: see COPYING and COPYING.RUNTIME.  */

/* cuda-min.h - the part of the CUDA driver API that libpacc's CUDA back
   end uses, declared from the driver API's documented ABI so that libpacc
   builds without the CUDA toolkit (the driver, libcuda.so.1, is opened at
   run time with dlopen; nothing here is linked).

   Every function is declared under the name the driver exports for the
   64-bit ABI: where cuda.h renames a call with a macro (cuMemAlloc ->
   cuMemAlloc_v2, ...), the _v2 name is spelled here and in cuda-lib.def,
   because dlsym ("cuMemAlloc") would find the old 32-bit-size entry point.
   testsuite/gpu/check-cuda-min.sh checks every declaration and constant
   below against a real cuda.h where one is installed.

   Only for 64-bit Linux (CUDAAPI and CUDA_CB are empty there).  */

#ifndef PACC_CUDA_MIN_H
#define PACC_CUDA_MIN_H

#include <stddef.h>

/* From here on, declarations at the left margin inside extern "C"
   (out of the formatter's reach, which would indent them).  */
/* clang-format off */
#ifdef __cplusplus
extern "C" {
#endif

/* --- types --- */
typedef int CUdevice;
typedef unsigned long long CUdeviceptr;
typedef struct CUctx_st *CUcontext;
typedef struct CUstream_st *CUstream;
typedef struct CUevent_st *CUevent;
typedef void (*CUhostFn) (void *userData);
typedef struct CUfunc_st *CUfunction;
typedef struct CUmod_st *CUmodule;
typedef struct CUlinkState_st *CUlinkState;

/* --- constants (begin) --- */
typedef enum cudaError_enum
{
  CUDA_SUCCESS = 0,
  CUDA_ERROR_INVALID_VALUE = 1,
  CUDA_ERROR_OUT_OF_MEMORY = 2,
  CUDA_ERROR_NOT_INITIALIZED = 3,
  CUDA_ERROR_DEINITIALIZED = 4,
  CUDA_ERROR_STUB_LIBRARY = 34,
  CUDA_ERROR_NO_DEVICE = 100,
  CUDA_ERROR_INVALID_DEVICE = 101,
  CUDA_ERROR_INVALID_CONTEXT = 201,
  CUDA_ERROR_NOT_READY = 600,
  CUDA_ERROR_PEER_ACCESS_ALREADY_ENABLED = 704,
  CUDA_ERROR_HOST_MEMORY_ALREADY_REGISTERED = 712,
  CUDA_ERROR_HOST_MEMORY_NOT_REGISTERED = 713,
  CUDA_ERROR_NOT_PERMITTED = 800,
  CUDA_ERROR_NOT_SUPPORTED = 801,
  CUDA_ERROR_UNKNOWN = 999
} CUresult;

typedef enum CUstream_flags_enum
{
  CU_STREAM_DEFAULT = 0x0,
  CU_STREAM_NON_BLOCKING = 0x1
} CUstream_flags;

typedef enum CUevent_flags_enum
{
  CU_EVENT_DEFAULT = 0x0,
  CU_EVENT_BLOCKING_SYNC = 0x1,
  CU_EVENT_DISABLE_TIMING = 0x2
} CUevent_flags;

typedef enum CUpointer_attribute_enum
{
  CU_POINTER_ATTRIBUTE_CONTEXT = 1,
  CU_POINTER_ATTRIBUTE_MEMORY_TYPE = 2
} CUpointer_attribute;

typedef enum CUdevice_attribute_enum
{
  CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT = 16,
  CU_DEVICE_ATTRIBUTE_MEMORY_CLOCK_RATE = 36,
  CU_DEVICE_ATTRIBUTE_GLOBAL_MEMORY_BUS_WIDTH = 37,
  CU_DEVICE_ATTRIBUTE_VIRTUAL_MEMORY_MANAGEMENT_SUPPORTED = 102
} CUdevice_attribute;

typedef enum CUmemAllocationType_enum
{
  CU_MEM_ALLOCATION_TYPE_PINNED = 0x1
} CUmemAllocationType;

typedef enum CUmemAllocationHandleType_enum
{
  CU_MEM_HANDLE_TYPE_NONE = 0x0
} CUmemAllocationHandleType;

typedef enum CUmemLocationType_enum
{
  CU_MEM_LOCATION_TYPE_DEVICE = 0x1
} CUmemLocationType;

typedef enum CUmemAccess_flags_enum
{
  CU_MEM_ACCESS_FLAGS_PROT_READWRITE = 0x3
} CUmemAccess_flags;

typedef enum CUmemAllocationGranularity_flags_enum
{
  CU_MEM_ALLOC_GRANULARITY_MINIMUM = 0x0
} CUmemAllocationGranularity_flags;

typedef enum CUmemorytype_enum
{
  CU_MEMORYTYPE_HOST = 0x01,
  CU_MEMORYTYPE_DEVICE = 0x02,
  CU_MEMORYTYPE_ARRAY = 0x03,
  CU_MEMORYTYPE_UNIFIED = 0x04
} CUmemorytype;

typedef enum CUjit_option_enum
{
  CU_JIT_ERROR_LOG_BUFFER = 5,
  CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES = 6
} CUjit_option;

typedef enum CUjitInputType_enum
{
  CU_JIT_INPUT_PTX = 1
} CUjitInputType;

typedef enum CUfunction_attribute_enum
{
  CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK = 0,
  CU_FUNC_ATTRIBUTE_NUM_REGS = 4
} CUfunction_attribute;
/* --- constants (end) --- */

/* Virtual memory management (the rings, cuda-memory.c), laid out as in
   cuda.h 12 and 13.  */
typedef unsigned long long CUmemGenericAllocationHandle;
typedef struct CUmemLocation_st
{
  CUmemLocationType type;
  int id;
} CUmemLocation;
typedef struct CUmemAllocationProp_st
{
  CUmemAllocationType type;
  CUmemAllocationHandleType requestedHandleTypes;
  CUmemLocation location;
  void *win32HandleMetaData;
  struct
  {
    unsigned char compressionType;
    unsigned char gpuDirectRDMACapable;
    unsigned short usage;
    unsigned char reserved[4];
  } allocFlags;
} CUmemAllocationProp;
typedef struct CUmemAccessDesc_st
{
  CUmemLocation location;
  CUmemAccess_flags flags;
} CUmemAccessDesc;

/* Flags of cuMemHostRegister.  */
#define CU_MEMHOSTREGISTER_PORTABLE 0x01
#define CU_MEMHOSTREGISTER_DEVICEMAP 0x02
#define CU_MEMHOSTREGISTER_READ_ONLY 0x08

/* --- functions (begin) --- */
CUresult cuInit (unsigned int Flags);
CUresult cuDriverGetVersion (int *driverVersion);
CUresult cuDeviceGetCount (int *count);
CUresult cuDeviceGet (CUdevice *device, int ordinal);
CUresult cuDeviceGetName (char *name, int len, CUdevice dev);
CUresult cuDeviceTotalMem_v2 (size_t *bytes, CUdevice dev);
CUresult cuDevicePrimaryCtxRetain (CUcontext *pctx, CUdevice dev);
CUresult cuDevicePrimaryCtxRelease_v2 (CUdevice dev);
CUresult cuCtxGetCurrent (CUcontext *pctx);
CUresult cuCtxSetCurrent (CUcontext ctx);
CUresult cuMemGetInfo_v2 (size_t *free, size_t *total);
CUresult cuMemGetAllocationGranularity (size_t *granularity,
                                        const CUmemAllocationProp *prop,
                                        CUmemAllocationGranularity_flags
                                        option);
CUresult cuMemCreate (CUmemGenericAllocationHandle *handle, size_t size,
                      const CUmemAllocationProp *prop,
                      unsigned long long flags);
CUresult cuMemRelease (CUmemGenericAllocationHandle handle);
CUresult cuMemAddressReserve (CUdeviceptr *ptr, size_t size, size_t alignment,
                              CUdeviceptr addr, unsigned long long flags);
CUresult cuMemAddressFree (CUdeviceptr ptr, size_t size);
CUresult cuMemMap (CUdeviceptr ptr, size_t size, size_t offset,
                   CUmemGenericAllocationHandle handle,
                   unsigned long long flags);
CUresult cuMemUnmap (CUdeviceptr ptr, size_t size);
CUresult cuMemSetAccess (CUdeviceptr ptr, size_t size,
                         const CUmemAccessDesc *desc, size_t count);
CUresult cuMemAlloc_v2 (CUdeviceptr *dptr, size_t bytesize);
CUresult cuMemFree_v2 (CUdeviceptr dptr);
CUresult cuMemAllocHost_v2 (void **pp, size_t bytesize);
CUresult cuMemFreeHost (void *p);
CUresult cuMemHostRegister_v2 (void *p, size_t bytesize, unsigned int Flags);
CUresult cuMemHostUnregister (void *p);
CUresult cuPointerGetAttribute (void *data, CUpointer_attribute attribute,
                                CUdeviceptr ptr);
CUresult cuMemcpyHtoDAsync_v2 (CUdeviceptr dstDevice, const void *srcHost,
                               size_t ByteCount, CUstream hStream);
CUresult cuMemcpyDtoHAsync_v2 (void *dstHost, CUdeviceptr srcDevice,
                               size_t ByteCount, CUstream hStream);
CUresult cuMemcpyDtoDAsync_v2 (CUdeviceptr dstDevice, CUdeviceptr srcDevice,
                               size_t ByteCount, CUstream hStream);
CUresult cuStreamCreate (CUstream *phStream, unsigned int Flags);
CUresult cuStreamDestroy_v2 (CUstream hStream);
CUresult cuStreamSynchronize (CUstream hStream);
CUresult cuStreamWaitEvent (CUstream hStream, CUevent hEvent,
                            unsigned int Flags);
CUresult cuEventCreate (CUevent *phEvent, unsigned int Flags);
CUresult cuEventDestroy_v2 (CUevent hEvent);
CUresult cuEventRecord (CUevent hEvent, CUstream hStream);
CUresult cuEventQuery (CUevent hEvent);
CUresult cuEventSynchronize (CUevent hEvent);
CUresult cuEventElapsedTime (float *pMilliseconds, CUevent hStart,
                             CUevent hEnd);
CUresult cuLaunchHostFunc (CUstream hStream, CUhostFn fn, void *userData);
CUresult cuGetErrorName (CUresult error, const char **pStr);
CUresult cuDeviceGetAttribute (int *pi, CUdevice_attribute attrib,
                               CUdevice dev);
CUresult cuDeviceCanAccessPeer (int *canAccessPeer, CUdevice dev,
                                CUdevice peerDev);
CUresult cuCtxEnablePeerAccess (CUcontext peerContext, unsigned int Flags);
CUresult cuMemcpyPeer (CUdeviceptr dstDevice, CUcontext dstContext,
                       CUdeviceptr srcDevice, CUcontext srcContext,
                       size_t ByteCount);
CUresult cuMemcpyPeerAsync (CUdeviceptr dstDevice, CUcontext dstContext,
                            CUdeviceptr srcDevice, CUcontext srcContext,
                            size_t ByteCount, CUstream hStream);
CUresult cuLaunchKernel (CUfunction f, unsigned int gridDimX,
                         unsigned int gridDimY, unsigned int gridDimZ,
                         unsigned int blockDimX, unsigned int blockDimY,
                         unsigned int blockDimZ, unsigned int sharedMemBytes,
                         CUstream hStream, void **kernelParams, void **extra);
CUresult cuOccupancyMaxActiveBlocksPerMultiprocessor (int *numBlocks,
                                                      CUfunction func,
                                                      int blockSize,
                                                      size_t dynamicSMemSize);
CUresult cuGetErrorString (CUresult error, const char **pStr);
CUresult cuLinkCreate_v2 (unsigned int numOptions, CUjit_option *options,
                          void **optionValues, CUlinkState *stateOut);
CUresult cuLinkAddData_v2 (CUlinkState state, CUjitInputType type,
                           void *data, size_t size, const char *name,
                           unsigned int numOptions, CUjit_option *options,
                           void **optionValues);
CUresult cuLinkComplete (CUlinkState state, void **cubinOut,
                         size_t *sizeOut);
CUresult cuLinkDestroy (CUlinkState state);
CUresult cuModuleLoadData (CUmodule *module, const void *image);
CUresult cuModuleGetFunction (CUfunction *hfunc, CUmodule hmod,
                              const char *name);
CUresult cuFuncGetAttribute (int *pi, CUfunction_attribute attrib,
                             CUfunction hfunc);
/* --- functions (end) --- */

#ifdef __cplusplus
}
#endif

/* clang-format on */

#endif /* PACC_CUDA_MIN_H */
