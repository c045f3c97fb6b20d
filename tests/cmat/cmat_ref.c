/*
 * Copyright © 2026 The mesa-subgroups authors
 * SPDX-License-Identifier: MIT
 */

/* The reference for cmat-sizes, from the extensions' sentences:
 *  - SPV_KHR_cooperative_matrix, OpCooperativeMatrixLoadKHR / StoreKHR: with
 *    RowMajor, element (row r, column c) of the matrix is element
 *    r * Stride + c of the array Pointer points into; with ColumnMajor,
 *    element c * Stride + r (the cases' Pointer is element `offset` of a
 *    buffer's array, GLSL's coopMatLoad and coopMatStore take that offset);
 *  - OpCooperativeMatrixMulAddKHR: Result = A x B + C (A is M x K, B K x N);
 *  - the components of a matrix an invocation holds are some of its
 *    elements, and each element is held by some invocation: an operation on
 *    each component (cmat.comp's loop over length()) reaches every element;
 *  - SPV_NV_cooperative_matrix2, OpCooperativeMatrixReduceNV: each element of
 *    the result is computed from a row (Row: the elements within each row are
 *    reduced; the result has the rows of Matrix, any number of columns), a
 *    column (Column; the columns of Matrix, any number of rows), both (any
 *    shape), or an aligned 2x2 neighbourhood (2x2, the result having half
 *    the rows and columns);
 *  - OpCooperativeMatrixPerElementOpNV: Func gets the row, the column and the
 *    element, and returns the result's element;
 *  - OpCooperativeMatrixConvertNV changes the Use only;
 *    OpCooperativeMatrixTransposeNV turns an accumulator into the B matrix
 *    of its transpose.
 * The inputs are small integers, so every value here is exact in each type
 * and the order of the sums does not matter.
 */

#include "cmat_ref.h"

static unsigned
index_of(const struct cmat_layout *l, unsigned r, unsigned c)
{
   return l->offset + (l->row_major ? r * l->stride + c : c * l->stride + r);
}

void
cmat_ref_load(const double *array, const struct cmat_layout *l, unsigned rows, unsigned cols,
              struct cmat_ref *m)
{
   m->rows = rows;
   m->cols = cols;
   for (unsigned r = 0; r < rows; r++) {
      for (unsigned c = 0; c < cols; c++)
         m->e[r * cols + c] = array[index_of(l, r, c)];
   }
}

void
cmat_ref_store(const struct cmat_ref *m, const struct cmat_layout *l, double *array,
               bool *written)
{
   for (unsigned r = 0; r < m->rows; r++) {
      for (unsigned c = 0; c < m->cols; c++) {
         array[index_of(l, r, c)] = m->e[r * m->cols + c];
         written[index_of(l, r, c)] = true;
      }
   }
}

void
cmat_ref_muladd(const struct cmat_ref *a, const struct cmat_ref *b, const struct cmat_ref *c,
                struct cmat_ref *d)
{
   d->rows = a->rows;
   d->cols = b->cols;
   for (unsigned i = 0; i < a->rows; i++) {
      for (unsigned j = 0; j < b->cols; j++) {
         double sum = c ? c->e[i * c->cols + j] : 0;
         for (unsigned k = 0; k < a->cols; k++)
            sum += a->e[i * a->cols + k] * b->e[k * b->cols + j];
         d->e[i * d->cols + j] = sum;
      }
   }
}

void
cmat_ref_transpose(const struct cmat_ref *m, struct cmat_ref *t)
{
   t->rows = m->cols;
   t->cols = m->rows;
   for (unsigned r = 0; r < m->rows; r++) {
      for (unsigned c = 0; c < m->cols; c++)
         t->e[c * t->cols + r] = m->e[r * m->cols + c];
   }
}

void
cmat_ref_reduce_add(const struct cmat_ref *m, unsigned mode, unsigned rows, unsigned cols,
                    struct cmat_ref *r)
{
   r->rows = rows;
   r->cols = cols;
   if (mode == CMAT_REDUCE_2X2) {
      for (unsigned i = 0; i < r->rows; i++) {
         for (unsigned j = 0; j < r->cols; j++) {
            const double *e = &m->e[2 * i * m->cols + 2 * j];
            r->e[i * r->cols + j] = e[0] + e[1] + e[m->cols] + e[m->cols + 1];
         }
      }
      return;
   }

   for (unsigned i = 0; i < rows; i++) {
      for (unsigned j = 0; j < cols; j++) {
         double sum = 0;
         for (unsigned a = 0; a < m->rows; a++) {
            for (unsigned b = 0; b < m->cols; b++) {
               const bool same_row = a == i, same_col = b == j;
               if ((mode == CMAT_REDUCE_ROW && same_row) ||
                   (mode == CMAT_REDUCE_COLUMN && same_col) ||
                   mode == (CMAT_REDUCE_ROW | CMAT_REDUCE_COLUMN))
                  sum += m->e[a * m->cols + b];
            }
         }
         r->e[i * r->cols + j] = sum;
      }
   }
}
