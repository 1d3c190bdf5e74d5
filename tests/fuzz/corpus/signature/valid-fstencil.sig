<?xml version="1.0" encoding="UTF-8"?>
<signature xmlns="urn:skel:signature" version="1">
 <application ranks="2" mpi-library="MPICH Version:&#9;4.0.2" tracer="0.1.0">
  <arg>/tmp/build-compress/samples/fstencil</arg>
  <arg>-n</arg>
  <arg>10000</arg>
  <arg>-i</arg>
  <arg>50</arg>
 </application>
 <compression threshold="0" max-threshold="0.2" scale="0" ratio="18.63157894736842" trace-length="708" signature-length="38"/>
 <sites>
  <site id="0" module="/lib/x86_64-linux-gnu/libmpichfort.so.12" offset="345792" function="MPI_INIT"/>
  <site id="1" module="/lib/x86_64-linux-gnu/libmpichfort.so.12" offset="318449" function="pmpi_barrier"/>
  <site id="2" module="/lib/x86_64-linux-gnu/libmpichfort.so.12" offset="350332" function="mpi_irecv"/>
  <site id="3" module="/lib/x86_64-linux-gnu/libmpichfort.so.12" offset="350620" function="mpi_isend__"/>
  <site id="4" module="/lib/x86_64-linux-gnu/libmpichfort.so.12" offset="355113" function="pmpi_waitall"/>
  <site id="5" module="/lib/x86_64-linux-gnu/libmpichfort.so.12" offset="354993" function="mpi_wait"/>
  <site id="6" module="/lib/x86_64-linux-gnu/libmpichfort.so.12" offset="316761" function="mpi_allreduce_"/>
  <site id="7" module="/lib/x86_64-linux-gnu/libmpichfort.so.12" offset="345292" function="pmpi_finalize__"/>
 </sites>
 <comms>
  <comm id="0" gid="0" members="0 1"/>
 </comms>
 <ranks>
  <rank id="0" class="0" events="354" time-ns="152031317" compute-ns="686714" mpi-ns="69575644" per-event-ns="94" comms="0 -"/>
  <rank id="1" class="0" events="354" time-ns="156430220" compute-ns="589383" mpi-ns="83785660" per-event-ns="95" comms="0 -"/>
 </ranks>
 <class id="0" ranks="0 1" program="1" events="354" length="19" time-ns="154230768.5">
  <symbol id="0" call="MPI_Init" comm="0" site="0" occurrences="2">
   <side role="member" flags="" events="2" rbytes-events="2" count="0 0 0" bytes="0 0 0" rbytes="0 0 0"/>
   <compute count="2" mean="42273.5" min="34591" max="49956" shift="95" buckets="752:1 776:1"/>
   <compute-cpu count="2" mean="42273.5" min="34591" max="49956" shift="95" buckets="752:1 776:1"/>
   <duration count="2" mean="75577898.5" min="69434286" max="81721511" buckets="1301:1 1310:1"/>
  </symbol>
  <symbol id="1" call="MPI_Barrier" comm="0" site="1" prev-site="0" occurrences="2">
   <side role="member" flags="" events="2" rbytes-events="2" count="0 0 0" bytes="0 0 0" rbytes="0 0 0"/>
   <compute count="2" mean="80512" min="78276" max="82748" shift="95" buckets="809:1 813:1"/>
   <compute-cpu count="2" mean="78240" min="76761" max="79719" shift="95" buckets="808:1 810:1"/>
   <duration count="2" mean="976297" min="14699" max="1937895" buckets="689:1 1042:1"/>
  </symbol>
  <symbol id="2" call="MPI_Irecv" comm="0" tag="2" dtsize="8" site="2" prev-site="1" occurrences="2">
   <peer kind="rel" value="-1"/>
   <side role="member" flags="" events="2" rbytes-events="1" count="1 1 1" bytes="8 8 8" rbytes="0 0 0"/>
   <compute count="2" mean="44122.5" min="43426" max="44819" shift="95" buckets="766:1 768:1"/>
   <compute-cpu count="2" mean="43528.5" min="42862" max="44195" shift="95" buckets="765:1 767:1"/>
   <duration count="2" mean="7640" min="2132" max="13148" buckets="552:1 680:1"/>
  </symbol>
  <symbol id="3" call="MPI_Irecv" comm="0" tag="1" dtsize="8" site="2" prev-site="2" occurrences="100">
   <peer kind="rel" value="1"/>
   <side role="member" flags="" events="100" rbytes-events="50" count="1 1 1" bytes="8 8 8" rbytes="0 0 0"/>
   <compute count="100" mean="1078.75" min="0" max="53528" shift="95" zeros="31" buckets="0:5 50:21 75:15 100:3 112:3 125:2 156:2 162:2 168:1 187:2 209:1 215:1 221:1 231:1 234:1 243:1 253:1 293:1 307:1 419:1 421:1 781:2"/>
   <compute-cpu count="100" mean="1072.19" min="0" max="53122" shift="95" zeros="31" buckets="0:5 50:21 75:15 100:3 112:3 125:2 156:2 162:2 168:1 187:2 209:1 215:1 221:1 231:1 234:1 243:1 253:1 293:1 307:1 419:1 421:1 780:1 781:1"/>
   <duration count="100" mean="60.55" min="21" max="2838" buckets="215:1 218:6 221:30 225:10 251:10 253:14 254:9 256:9 257:4 270:1 271:1 284:2 304:1 403:1 569:1"/>
  </symbol>
  <symbol id="4" call="MPI_Isend" comm="0" tag="2" dtsize="8" site="3" prev-site="2" occurrences="100">
   <peer kind="rel" value="1"/>
   <side role="member" flags="" events="100" rbytes-events="100" count="1 1 1" bytes="8 8 8" rbytes="0 0 0"/>
   <compute count="100" mean="34.22" min="0" max="1389" shift="95" zeros="42" buckets="0:6 50:15 75:18 100:2 112:1 125:1 156:2 175:1 181:1 193:1 218:1 228:1 240:1 243:1 250:1 281:1 360:1 366:1 515:1 517:1"/>
   <compute-cpu count="100" mean="34.22" min="0" max="1389" shift="95" zeros="42" buckets="0:6 50:15 75:18 100:2 112:1 125:1 156:2 175:1 181:1 193:1 218:1 228:1 240:1 243:1 250:1 281:1 360:1 366:1 515:1 517:1"/>
   <duration count="100" mean="124.99" min="22" max="2104" buckets="218:20 221:24 225:2 251:1 256:1 275:1 331:1 332:1 333:1 335:3 336:1 337:2 338:1 341:1 346:2 351:2 354:1 362:1 364:1 365:1 366:6 367:10 368:2 369:3 370:3 372:2 373:1 375:1 377:1 383:1 525:1 551:1"/>
  </symbol>
  <symbol id="5" call="MPI_Isend" comm="0" tag="1" dtsize="8" site="3" prev-site="3" occurrences="100">
   <peer kind="rel" value="-1"/>
   <side role="member" flags="" events="100" rbytes-events="100" count="1 1 1" bytes="8 8 8" rbytes="0 0 0"/>
   <compute count="100" mean="857.65" min="0" max="43129" shift="95" zeros="63" buckets="0:1 50:1 75:4 100:1 112:4 125:5 150:1 162:3 175:1 187:1 200:1 212:1 215:1 221:2 243:2 246:1 259:1 300:1 321:1 342:1 344:1 764:1 765:1"/>
   <compute-cpu count="100" mean="851.1" min="0" max="42779" shift="95" zeros="63" buckets="0:1 50:1 75:4 100:1 112:4 125:5 150:1 162:3 175:1 187:1 200:1 212:1 215:1 221:2 243:2 246:1 259:1 300:1 321:1 342:1 344:1 763:1 765:1"/>
   <duration count="100" mean="171.46" min="21" max="7249" buckets="215:2 218:11 221:17 225:6 228:5 231:7 250:1 330:1 332:2 333:2 334:2 335:3 336:6 337:3 338:2 340:2 341:2 343:1 349:2 366:1 368:3 369:1 370:6 371:2 372:2 373:1 374:1 376:1 378:1 383:1 438:1 521:1 638:1"/>
  </symbol>
  <symbol id="6" call="MPI_Waitall" comm="0" site="4" prev-site="3" occurrences="100">
   <side role="member" flags="" events="100" rbytes-events="100" count="0 0 0" bytes="0 0 0" rbytes="0 0 0"/>
   <link dist="4" index="0" call="MPI_Irecv"/>
   <link dist="3" index="1" call="MPI_Irecv"/>
   <link dist="2" index="2" call="MPI_Isend"/>
   <compute count="100" mean="78.31" min="0" max="2142" shift="95" zeros="52" buckets="0:1 50:6 75:4 100:2 112:6 137:3 150:1 156:1 162:1 168:2 193:1 200:1 240:1 243:1 253:1 270:1 281:3 341:1 351:1 382:1 388:1 400:1 406:1 410:1 420:1 486:1 487:1 525:1 552:1"/>
   <compute-cpu count="100" mean="78.31" min="0" max="2142" shift="95" zeros="52" buckets="0:1 50:6 75:4 100:2 112:6 137:3 150:1 156:1 162:1 168:2 193:1 200:1 240:1 243:1 253:1 270:1 281:3 341:1 351:1 382:1 388:1 400:1 406:1 410:1 420:1 486:1 487:1 525:1 552:1"/>
   <duration count="100" mean="466.73" min="154" max="12022" buckets="360:4 361:1 362:4 363:2 364:4 365:3 366:8 367:3 368:8 369:6 370:5 371:9 372:4 373:3 374:5 375:5 376:4 377:2 378:5 380:1 381:4 389:1 392:2 411:1 451:1 455:1 499:1 637:1 648:1 673:1"/>
  </symbol>
  <symbol id="7" call="MPI_Wait" comm="0" site="5" prev-site="4" occurrences="100">
   <side role="member" flags="" events="100" rbytes-events="100" count="0 0 0" bytes="0 0 0" rbytes="0 0 0"/>
   <link dist="1" index="0" call="MPI_Isend"/>
   <compute count="100" mean="4290.13" min="3238" max="53318" shift="95" buckets="579:10 580:78 581:4 583:3 585:1 586:1 589:1 781:2"/>
   <compute-cpu count="100" mean="4283.47" min="3238" max="52971" shift="95" buckets="579:10 580:78 581:4 583:3 585:1 586:1 589:1 780:2"/>
   <duration count="100" mean="61.77" min="32" max="1696" buckets="250:2 251:12 253:27 254:12 256:18 257:12 259:8 260:2 262:1 268:1 271:1 303:2 492:1 532:1"/>
  </symbol>
  <symbol id="8" call="MPI_Allreduce" comm="0" dtsize="8" op="MPI_SUM" site="6" prev-site="5" occurrences="100">
   <side role="member" flags="" events="100" rbytes-events="100" count="1 1 1" bytes="8 8 8" rbytes="8 8 8"/>
   <compute count="100" mean="885.14" min="6" max="43840" shift="95" buckets="112:1 137:2 150:4 156:7 162:4 168:19 175:15 181:11 187:8 193:15 203:3 209:1 215:2 221:1 253:1 262:1 285:1 341:1 351:1 765:1 767:1"/>
   <compute-cpu count="100" mean="877.32" min="6" max="43477" shift="95" buckets="112:1 137:2 150:4 156:7 162:4 168:19 175:15 181:11 187:8 193:15 203:3 209:1 215:2 221:1 253:1 262:1 285:1 341:1 351:1 765:1 766:1"/>
   <duration count="100" mean="1439.06" min="447" max="36234" buckets="437:1 439:1 443:1 446:1 447:4 448:1 449:2 450:3 451:6 452:5 453:4 454:2 455:8 456:6 457:6 458:7 459:4 460:5 461:2 462:3 463:6 464:2 465:4 466:2 467:1 470:2 475:1 479:1 487:1 497:1 500:1 545:1 550:1 633:1 635:1 750:1 755:1"/>
  </symbol>
  <symbol id="9" call="MPI_Irecv" comm="0" tag="2" dtsize="8" site="2" prev-site="6" occurrences="98">
   <peer kind="rel" value="-1"/>
   <side role="member" flags="" events="98" rbytes-events="49" count="1 1 1" bytes="8 8 8" rbytes="0 0 0"/>
   <compute count="98" mean="642.969387755102" min="0" max="31229" shift="95" zeros="79" buckets="0:1 50:1 100:1 112:1 125:2 150:1 187:1 203:2 206:1 225:1 231:1 326:1 333:1 337:1 358:1 745:2"/>
   <compute-cpu count="98" mean="636.2755102040817" min="0" max="30938" shift="95" zeros="79" buckets="0:1 50:1 100:1 112:1 125:2 150:1 187:1 203:2 206:1 225:1 231:1 326:1 333:1 337:1 358:1 744:2"/>
   <duration count="98" mean="31.408163265306122" min="23" max="84" buckets="221:5 225:18 228:17 231:6 234:1 251:6 253:10 254:8 256:8 257:10 259:3 260:1 268:1 273:1 282:1 301:1 315:1"/>
  </symbol>
  <symbol id="10" call="MPI_Barrier" comm="0" site="1" prev-site="6" occurrences="2">
   <side role="member" flags="" events="2" rbytes-events="2" count="0 0 0" bytes="0 0 0" rbytes="0 0 0"/>
   <compute count="2" mean="41" min="25" max="57" shift="95" buckets="225:1 289:1"/>
   <compute-cpu count="2" mean="41" min="25" max="57" shift="95" buckets="225:1 289:1"/>
   <duration count="2" mean="1049.5" min="1018" max="1081" buckets="499:1 502:1"/>
  </symbol>
  <symbol id="11" call="MPI_Finalize" comm="0" site="7" prev-site="1" occurrences="2">
   <side role="member" flags="" events="2" rbytes-events="2" count="0 0 0" bytes="0 0 0" rbytes="0 0 0"/>
   <compute count="2" mean="79026.5" min="21045" max="137008" shift="95" buckets="714:1 852:1"/>
   <compute-cpu count="2" mean="46716.5" min="20615" max="72818" shift="95" buckets="713:1 805:1"/>
   <duration count="2" mean="0" min="0" max="0" zeros="2" buckets=""/>
  </symbol>
  <block id="0" events="7" time-ns="10223.137551020409">
   <s ref="3"/>
   <s ref="4"/>
   <s ref="5"/>
   <s ref="6"/>
   <s ref="7"/>
   <s ref="8"/>
   <s ref="9"/>
  </block>
  <block id="1" events="354" time-ns="1741444.4999999998">
   <s ref="0"/>
   <s ref="1"/>
   <s ref="2"/>
   <loop body="0" count="49"/>
   <s ref="3"/>
   <s ref="4"/>
   <s ref="5"/>
   <s ref="6"/>
   <s ref="7"/>
   <s ref="8"/>
   <s ref="10"/>
   <s ref="11"/>
  </block>
  <dominant block="0" count="49" share="0.2876541514817154" iteration-ns="10223.137551020409"/>
 </class>
</signature>
