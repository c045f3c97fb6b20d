/*
 * Copyright © 2026 The mesa-subgroups authors
 * SPDX-License-Identifier: MIT
 */

#ifndef CMAT_REF_H
#define CMAT_REF_H

#include <stdbool.h>

/* The largest matrix a case uses is 16x16. */
#define CMAT_MAX_DIM 16

/* A matrix: element (r, c) at e[r * cols + c]. */
struct cmat_ref {
   unsigned rows, cols;
   double e[CMAT_MAX_DIM * CMAT_MAX_DIM];
};

/* Where a load or store finds a matrix in an array. */
struct cmat_layout {
   unsigned offset, stride;
   bool row_major;
};

enum cmat_reduce {
   CMAT_REDUCE_ROW = 1,
   CMAT_REDUCE_COLUMN = 2,
   CMAT_REDUCE_2X2 = 4,
};

void cmat_ref_load(const double *array, const struct cmat_layout *l, unsigned rows,
                   unsigned cols, struct cmat_ref *m);
/* Sets written[] for each element it stores. */
void cmat_ref_store(const struct cmat_ref *m, const struct cmat_layout *l, double *array,
                    bool *written);
void cmat_ref_muladd(const struct cmat_ref *a, const struct cmat_ref *b, const struct cmat_ref *c,
                     struct cmat_ref *d);
void cmat_ref_transpose(const struct cmat_ref *m, struct cmat_ref *t);
/* OpCooperativeMatrixReduceNV with an addition as CombineFunc, into a
 * result of rows x cols (half m's with CMAT_REDUCE_2X2, m's rows with
 * CMAT_REDUCE_ROW alone, m's columns with CMAT_REDUCE_COLUMN alone).
 */
void cmat_ref_reduce_add(const struct cmat_ref *m, unsigned mode, unsigned rows, unsigned cols,
                         struct cmat_ref *r);

#endif
