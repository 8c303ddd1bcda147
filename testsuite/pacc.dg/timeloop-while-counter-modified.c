/* { dg-do compile } */
/* The counter of a while time loop changed inside the step as well as
   by its last statement: not a counted loop.  */
#define NX 64
static float p[NX], q[NX];

void f (int T)
{
  int t = 0, x;
#pragma pacc pipeline targetinout(p) targettemp(q) size([0:NX]) halo([1:1])
  while (t < T)
    {
#pragma pacc loop dim(1)
      for (x = 1; x < NX - 1; x++)
        q[x] = 0.5f * (p[x - 1] + p[x + 1]);
      if (t == 3)
        t += 2; /* { dg-error "counter 't' of the 'while' time loop after '#pragma pacc pipeline' is modified in its body" } */
#pragma pacc loop dim(1)
      for (x = 1; x < NX - 1; x++)
        p[x] = q[x];
      t++;
    }
}
