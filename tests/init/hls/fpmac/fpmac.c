/* fpmac: a multiply-add on floats, the multiply and the add rounded one
 * after the other (HLS binds one core to each). */
float fpmac(float a, float b, float c)
{
    return a * b + c;
}
